/**
 * One Settings page: its fields in a form checked as the merchant types (with the schema the server
 * uses), saved from the contextual save bar, and the answer at the top, each error at its field too.
 */
import { useActionData, useNavigation } from "@remix-run/react";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Banner, BlockStack, Layout, List, Page } from "@shopify/polaris";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { SaveBarForm, type SaveBarFormHandle } from "~/components/save-bar-form";
import { useWords } from "~/components/locale";
import { formsIn, labelledErrors, type FieldError, type SettingsSection } from "./form";

/** What a Settings page's action answers. */
export type SectionAnswer =
  | { intent: string; ok: true; message: string }
  /** `result`: the form's own answer, which puts each error at its field (conform's lastResult). */
  | { intent: string; ok: false; message: string; errors: FieldError[]; result?: SubmissionResult<string[]> };

export function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    // Letters of any language: a Chinese title is an id of its own, not a "-" every section shares.
    <Layout.AnnotatedSection id={title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-")} title={title} description={description}>
      <BlockStack gap="400">{children}</BlockStack>
    </Layout.AnnotatedSection>
  );
}

export interface SectionPageProps {
  section: SettingsSection;
  title: string;
  subtitle: string;
  /** The page's fields; `errorOf` names a field's error. */
  children: (fields: { errorOf: (field: string) => string | undefined }) => ReactNode;
  /** Banners of the page's own (above the answer). */
  notices?: ReactNode;
  /** Cards outside the settings form (their own buttons, their own answers). */
  after?: ReactNode;
}

export function SectionPage({ section, title, subtitle, children, notices, after }: SectionPageProps) {
  // Discard puts the fields back by mounting the form again (and its conform state) from what was loaded.
  const [generation, setGeneration] = useState(0);
  const words = useWords();
  return (
    <Page title={title} subtitle={subtitle} backAction={{ content: words.settings.title, url: "/app/settings" }}>
      <BlockStack gap="400">
        {notices}
        <SectionForm key={generation} section={section} generation={generation} onDiscard={() => setGeneration((g) => g + 1)}>
          {children}
        </SectionForm>
        {after && <Layout>{after}</Layout>}
      </BlockStack>
    </Page>
  );
}

/**
 * The page's form and the answer above it. A new one on Discard: a conform form whose id changes
 * while it is mounted is reset by conform, which leaves every select blank.
 */
function SectionForm({
  section,
  generation,
  onDiscard,
  children,
}: {
  section: SettingsSection;
  generation: number;
  onDiscard: () => void;
  children: SectionPageProps["children"];
}) {
  const words = useWords();
  const latest = useActionData<SectionAnswer>();
  // The answer of before a Discard goes with the changes it was about.
  const [discarded] = useState(() => (generation > 0 ? latest : undefined));
  const answer = latest === discarded ? undefined : latest;
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === null;
  const formRef = useRef<SaveBarFormHandle>(null);

  const saveAnswer = answer && answer.intent === "save" ? answer : undefined;
  const [form] = useForm({
    id: `settings-${section}-${generation}`,
    lastResult: saveAnswer && !saveAnswer.ok ? saveAnswer.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formsIn(words).sections[section], disableAutoCoercion: true }),
  });

  // Saved: what the page shows now is what is stored, so nothing is left to save.
  useEffect(() => {
    if (saveAnswer?.ok && navigation.state === "idle") formRef.current?.markSaved();
  }, [saveAnswer, navigation.state]);

  const otherErrors = new Map((answer && !answer.ok && answer.intent !== "save" ? answer.errors : []).map((e) => [e.field, e.message]));
  const errorOf = (field: string) => form.allErrors[field]?.[0] ?? otherErrors.get(field);
  const valueOf = (name: string) => {
    const field = formRef.current?.form()?.elements.namedItem(name);
    // Nothing to read while the page is drawn on the server (no form yet, and no HTMLInputElement there).
    if (field === undefined || field === null) return "";
    return field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement
      ? field.value
      : "";
  };
  const serverLabels = new Map((answer && !answer.ok ? answer.errors : []).map((error) => [error.field, error.label]));
  const formErrors = labelledErrors(form.allErrors, words, valueOf).map((error) => ({
    ...error,
    label: serverLabels.get(error.field) ?? error.label,
  }));
  const banner: { tone: "success" | "critical"; title: string; errors: FieldError[] } | null =
    formErrors.length > 0
      ? { tone: "critical", title: words.settings.notSaved, errors: formErrors }
      : saveAnswer?.ok
        ? { tone: "success", title: saveAnswer.message, errors: [] }
        : null;

  return (
    <>
      {/* On the click a banner takes the answer's place at once, so the answer, however late, replaces it in place. */}
      {saving ? (
        <Banner tone="info" title={words.settings.saving} />
      ) : (
        banner && (
          <Banner tone={banner.tone} title={banner.title}>
            {banner.errors.length > 0 && (
              <List>
                {banner.errors.map((error) => (
                  <List.Item key={`${error.field}: ${error.message}`}>{words.settings.fieldError(error.label, error.message)}</List.Item>
                ))}
              </List>
            )}
          </Banner>
        )
      )}
      <SaveBarForm ref={formRef} id={form.id} onSubmit={form.onSubmit} saving={saving} onDiscard={onDiscard}>
        <Layout>{children({ errorOf })}</Layout>
      </SaveBarForm>
    </>
  );
}
