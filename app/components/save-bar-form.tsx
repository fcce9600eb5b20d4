/**
 * A form page the way Shopify's admin has them: while the merchant's changes are not saved, App
 * Bridge's contextual save bar offers Save and Discard, and leaving the page (a link in the app)
 * asks first. Used by every form page of the app (decision 0034).
 */
import { SaveBar } from "@shopify/app-bridge-react";
import { Form, useBlocker } from "@remix-run/react";
import { Modal, Text } from "@shopify/polaris";
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type FormEventHandler, type ReactNode } from "react";

/** The form's fields as they would be submitted, in a form that compares. */
function snapshotOf(form: HTMLFormElement): string {
  return JSON.stringify([...new FormData(form).entries()].map(([name, value]) => [name, typeof value === "string" ? value : value.name]));
}

export interface SaveBarFormHandle {
  /** The form as the merchant sees it now is what is saved: no change left to save. */
  markSaved(): void;
  form(): HTMLFormElement | null;
}

export interface SaveBarFormProps {
  /** The form's id (conform's), also the save bar's. */
  id: string;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** True while the save is on its way: the save bar's Save shows it. */
  saving: boolean;
  /** Puts the fields back as they were loaded (the page remounts them). */
  onDiscard: () => void;
  children: ReactNode;
}

export const SaveBarForm = forwardRef<SaveBarFormHandle, SaveBarFormProps>(function SaveBarForm(props, ref) {
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useRef<string | null>(null);
  const [dirty, setDirty] = useState(false);

  const check = useCallback(() => {
    const form = formRef.current;
    if (form === null || saved.current === null) return;
    setDirty(snapshotOf(form) !== saved.current);
  }, []);

  useImperativeHandle(ref, () => ({
    markSaved() {
      if (formRef.current) saved.current = snapshotOf(formRef.current);
      setDirty(false);
    },
    form: () => formRef.current,
  }));

  useEffect(() => {
    const form = formRef.current;
    if (form === null) return;
    saved.current = snapshotOf(form);
    // Typing and ticking, and rows added or removed (no input event: the DOM changes).
    form.addEventListener("input", check);
    form.addEventListener("change", check);
    const observer = new MutationObserver(check);
    observer.observe(form, { childList: true, subtree: true });
    return () => {
      form.removeEventListener("input", check);
      form.removeEventListener("change", check);
      observer.disconnect();
    };
  }, [check]);

  // A link in the app while changes are unsaved: asked first (App Bridge asks for the admin's own navigation).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  return (
    <>
      <Form method="post" ref={formRef} id={props.id} onSubmit={props.onSubmit} noValidate>
        {props.children}
      </Form>
      <SaveBar id={`${props.id}-save-bar`} open={dirty}>
        <button variant="primary" loading={props.saving ? "" : undefined} onClick={() => formRef.current?.requestSubmit()}>
          Save
        </button>
        <button
          onClick={() => {
            setDirty(false);
            saved.current = null;
            props.onDiscard();
          }}
        >
          Discard
        </button>
      </SaveBar>
      <Modal
        open={blocker.state === "blocked"}
        onClose={() => blocker.reset?.()}
        title="Leave without saving?"
        primaryAction={{ content: "Leave", destructive: true, onAction: () => blocker.proceed?.() }}
        secondaryActions={[{ content: "Stay", onAction: () => blocker.reset?.() }]}
      >
        <Modal.Section>
          <Text as="p">Your changes on this page are not saved. Leave, and they are lost.</Text>
        </Modal.Section>
      </Modal>
    </>
  );
});
