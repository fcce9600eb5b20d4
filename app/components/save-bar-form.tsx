/**
 * A form page the way Shopify's admin has them: while the merchant's changes are not saved, App
 * Bridge's contextual save bar offers Save and Discard, and leaving the page (a link in the app)
 * asks first. Every form page of the app is one (decisions 0034 and 0035): the Settings pages, a
 * SKU's entry, a new inbound shipment, a new bulk shipment, a shipment's customs declaration. On a
 * page that sends something new to the provider, Save sends it: the admin labels the save bar's
 * buttons itself, and the page says above the form what saving does.
 */
import { SaveBar } from "@shopify/app-bridge-react";
import { Form, useBlocker } from "@remix-run/react";
import { Modal, Text } from "@shopify/polaris";
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type FormEventHandler,
  type ReactNode,
  type RefObject,
} from "react";
import { useWords } from "~/components/locale";

/** The form's fields as they would be submitted, in a form that compares. */
function snapshotOf(form: HTMLFormElement): string {
  return JSON.stringify([...new FormData(form).entries()].map(([name, value]) => [name, typeof value === "string" ? value : value.name]));
}

/**
 * Whether the form's fields differ from what they were when it was mounted, or when `markSaved` was
 * last called. Typing and ticking count, and so do rows added or removed (the DOM changes, no input
 * event).
 */
function useChanges(formRef: RefObject<HTMLFormElement>) {
  const saved = useRef<string | null>(null);
  const [dirty, setDirty] = useState(false);

  const check = useCallback(() => {
    const form = formRef.current;
    if (form === null || saved.current === null) return;
    setDirty(snapshotOf(form) !== saved.current);
  }, [formRef]);

  useEffect(() => {
    const form = formRef.current;
    if (form === null) return;
    saved.current = snapshotOf(form);
    form.addEventListener("input", check);
    form.addEventListener("change", check);
    const observer = new MutationObserver(check);
    observer.observe(form, { childList: true, subtree: true });
    return () => {
      form.removeEventListener("input", check);
      form.removeEventListener("change", check);
      observer.disconnect();
    };
  }, [formRef, check]);

  return {
    dirty,
    markSaved() {
      if (formRef.current) saved.current = snapshotOf(formRef.current);
      setDirty(false);
    },
    /** The fields are about to be mounted again from what was loaded: nothing to compare until then. */
    forget() {
      saved.current = null;
      setDirty(false);
    },
  };
}

/**
 * Asks before a link in the app leaves the page while `when` holds (App Bridge asks for the admin's
 * own navigation while the save bar shows). The form's own submission, and where its answer
 * redirects to, are never asked about: Remix does not put a redirect through the blocker.
 */
function LeaveGuard({ when }: { when: boolean }) {
  const words = useWords().forms;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  return (
    <Modal
      open={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title={words.leaveTitle}
      primaryAction={{ content: words.leave, destructive: true, onAction: () => blocker.proceed?.() }}
      secondaryActions={[{ content: words.stay, onAction: () => blocker.reset?.() }]}
    >
      <Modal.Section>
        <Text as="p">{words.leaveMessage}</Text>
      </Modal.Section>
    </Modal>
  );
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
  /** Told whenever the form starts or stops having changes not saved (a live page stops asking again meanwhile). */
  onChanges?: (dirty: boolean) => void;
  children: ReactNode;
}

/** A form that edits what is stored: saved from the contextual save bar, shown while there are changes to save. */
export const SaveBarForm = forwardRef<SaveBarFormHandle, SaveBarFormProps>(function SaveBarForm(props, ref) {
  const formRef = useRef<HTMLFormElement>(null);
  const changes = useChanges(formRef);
  const words = useWords().forms;

  useImperativeHandle(ref, () => ({ markSaved: changes.markSaved, form: () => formRef.current }));
  const { onChanges } = props;
  useEffect(() => onChanges?.(changes.dirty), [onChanges, changes.dirty]);

  return (
    <>
      <Form method="post" ref={formRef} id={props.id} onSubmit={props.onSubmit} noValidate>
        {props.children}
      </Form>
      <SaveBar id={`${props.id}-save-bar`} open={changes.dirty}>
        <button variant="primary" loading={props.saving ? "" : undefined} onClick={() => formRef.current?.requestSubmit()}>
          {words.save}
        </button>
        <button
          onClick={() => {
            changes.forget();
            props.onDiscard();
          }}
        >
          {words.discard}
        </button>
      </SaveBar>
      <LeaveGuard when={changes.dirty} />
    </>
  );
});

/**
 * Discard for a form whose fields start from what was loaded: `generation` keys the form, so
 * Discard mounts it again (its conform state too: a reset would leave selects blank), and the
 * last answer goes with what it was about.
 *
 *   const { generation, answer, discard } = useDiscard(useActionData<typeof action>());
 *   <Fields key={generation} id={`sku-entry-${generation}`} answer={answer} onDiscard={discard} />
 */
export function useDiscard<T>(latest: T | undefined): { generation: number; answer: T | undefined; discard: () => void } {
  const [generation, setGeneration] = useState(0);
  const [discarded, setDiscarded] = useState<T | undefined>(undefined);
  return {
    generation,
    answer: latest === discarded ? undefined : latest,
    discard: () => {
      setDiscarded(latest);
      setGeneration((g) => g + 1);
    },
  };
}
