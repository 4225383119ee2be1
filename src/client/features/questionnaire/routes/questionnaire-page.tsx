import { ActionIcon, Alert, Anchor, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowLeft, IconFileTypePdf, IconPrinter } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import type { FormData, FormValue } from '../../../../shared/questionnaire/definition';
import { evaluate, fromStored, setValue, toStored } from '../../../../shared/questionnaire/engine';
import { GENERAL_SHEET, MIN_ACTIVE_SHEETS } from '../../../../shared/questionnaire/variants';
import type { Questionnaire } from '../../../../shared/schemas/questionnaire';
import { confirmAction, informUser } from '../../../components/confirm';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageLoader } from '../../../components/page-loader';
import { closeLabel, notifyError } from '../../../lib/notify';
import { useQuestionnaire, useSaveQuestionnaire } from '../api/questionnaire';
import { ChipPulseContext } from '../components/custom-components';
import { useLocalText } from '../components/local-text';
import { SheetView } from '../components/sheet-view';

const PULSE_MS = 5000;
const draftKey = (rootId: number) => `planport.questionnaire-draft.${rootId}`;

/** The project information sheet (spec §2): tabs per shown sheet, guarded against leaving. */
export function QuestionnairePage() {
  const { rootUnitId } = useParams();
  const rootId = Number(rootUnitId);
  const { data, isLoading, isError } = useQuestionnaire(rootId);
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <NotFoundPage />;
  return <QuestionnaireEditor questionnaire={data} />;
}

function readDraft(q: Questionnaire): FormData | null {
  if (!q.canEdit) return null;
  try {
    const raw = localStorage.getItem(draftKey(q.rootUnitId));
    return raw ? fromStored(q.sheets, JSON.parse(raw) as Questionnaire['data']) : null;
  } catch {
    return null;
  }
}

function QuestionnaireEditor({ questionnaire: q }: { questionnaire: Questionnaire }) {
  const { t } = useTranslation();
  const text = useLocalText();
  const navigate = useNavigate();
  const save = useSaveQuestionnaire(q.rootUnitId);
  const [saved, setSaved] = useState<FormData>(() => fromStored(q.sheets, q.data));
  const [data, setData] = useState<FormData>(() => readDraft(q) ?? saved);
  const evaluation = useMemo(() => evaluate(q.sheets, data), [q.sheets, data]);
  const shown = q.sheets.filter((s) => evaluation.sheets[s.name]?.active);
  const [tab, setTab] = useState<string>(shown[0]?.name ?? '');
  const current = shown.some((s) => s.name === tab) ? tab : (shown[0]?.name ?? '');
  const dirty = useMemo(() => JSON.stringify(data) !== JSON.stringify(saved), [data, saved]);
  const [pulse, setPulse] = useState(false);
  const bypass = useRef(false);
  const backTo = `/home/app/project/details/${q.rootUnitId}`;
  const tooFewSheets = q.variant === 'material-choice' && q.canEdit && shown.length < MIN_ACTIVE_SHEETS;

  // A restored draft is announced once.
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current || !dirty) return;
    announced.current = true;
    notifications.show({ color: 'blue', message: t('QUESTIONNAIRE.DraftRestored'), closeButtonProps: closeLabel() });
    // Only on first render: the draft was read into the initial state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Local draft: nothing typed is lost when the browser or the machine crashes.
  useEffect(() => {
    const id = window.setTimeout(() => {
      if (dirty) localStorage.setItem(draftKey(q.rootUnitId), JSON.stringify(toStored(q.sheets, data)));
      else localStorage.removeItem(draftKey(q.rootUnitId));
    }, 300);
    return () => window.clearTimeout(id);
  }, [data, dirty, q.rootUnitId, q.sheets]);

  // Closing the tab while dirty asks the browser's question.
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  async function store(): Promise<boolean> {
    try {
      const result = await save.mutateAsync({ data: toStored(q.sheets, data), isValid: evaluation.isValid });
      const fresh = fromStored(result.sheets, result.data);
      localStorage.removeItem(draftKey(q.rootUnitId));
      setSaved(fresh);
      setData(fresh);
      notifications.show({
        color: 'teal',
        message: result.isValid ? t('QUESTIONNAIRE.Saved') : t('QUESTIONNAIRE.SavedIncomplete'),
        closeButtonProps: closeLabel(),
      });
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  }

  /** The leaving rules of both tenants (spec §5); true when the user may go (saved if needed). */
  async function mayLeave(): Promise<boolean> {
    if (!q.canEdit) return true;
    if (tooFewSheets) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      setTab(GENERAL_SHEET);
      setPulse(true);
      window.setTimeout(() => setPulse(false), PULSE_MS);
      notifications.show({
        color: 'blue',
        title: t('QUESTIONNAIRE.MaterialChoice.Title'),
        message: t('QUESTIONNAIRE.MaterialChoice.TooFew'),
        closeButtonProps: closeLabel(),
      });
      return false;
    }
    if (q.variant === 'supplier') {
      if (evaluation.isValid) {
        await informUser(t('QUESTIONNAIRE.UploadReminder.Title'), t('QUESTIONNAIRE.UploadReminder.Message'));
      } else {
        const ok = await confirmAction({
          title: t('QUESTIONNAIRE.Mandatory.Title'),
          message: t('QUESTIONNAIRE.Mandatory.Final'),
          confirmLabel: t('QUESTIONNAIRE.SaveClose'),
          cancelLabel: t('COMMON.No'),
          warning: true,
        });
        if (!ok) return false;
      }
    }
    return dirty ? store() : true;
  }

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !bypass.current && currentLocation.pathname !== nextLocation.pathname && (tooFewSheets || (q.canEdit && dirty)),
  );
  const handling = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || handling.current) return;
    handling.current = true;
    void mayLeave().then((ok) => {
      handling.current = false;
      if (ok) {
        bypass.current = true;
        blocker.proceed();
      } else blocker.reset();
    });
    // mayLeave reads the current render's state; the blocker's state is the trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state]);

  const change = (sheet: string) => (control: string, value: FormValue) =>
    setData((d) => setValue(q.sheets, d, sheet, control, value));

  const index = shown.findIndex((s) => s.name === current);
  async function next() {
    const here = evaluation.sheets[current];
    if (q.variant === 'supplier' && q.canEdit && here && !here.valid) {
      const ok = await confirmAction({
        title: t('QUESTIONNAIRE.Mandatory.Title'),
        message: t('QUESTIONNAIRE.Mandatory.Next'),
        confirmLabel: t('QUESTIONNAIRE.Next'),
        cancelLabel: t('COMMON.No'),
      });
      if (!ok) return;
    }
    const target = shown[index + 1];
    if (target) {
      setTab(target.name);
      window.scrollTo({ top: 0 });
    }
  }

  async function saveAndClose() {
    if (await mayLeave()) {
      bypass.current = true;
      navigate(backTo);
    }
  }

  const printSheet = () => window.open(`/questionnaire/${q.rootUnitId}`, '_blank', 'noopener');

  return (
    <ChipPulseContext.Provider value={pulse}>
      <Stack gap="md" data-testid="questionnaire">
        <Anchor component={Link} to={backTo} size="sm" w="fit-content">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('QUESTIONNAIRE.Back')}
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} size="h2">
              {t('QUESTIONNAIRE.Title')}
            </Title>
            <Text c="dimmed">
              {q.projectNo} · {q.title}
            </Text>
          </div>
          <Group gap="xs">
            <Tooltip label={t('QUESTIONNAIRE.Pdf')}>
              <ActionIcon
                component="a"
                href={`/api/questionnaire/${q.rootUnitId}/pdf`}
                variant="default"
                size="lg"
                aria-label={t('QUESTIONNAIRE.Pdf')}
                data-testid="questionnaire-pdf"
              >
                <IconFileTypePdf size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('QUESTIONNAIRE.Print')}>
              <ActionIcon
                variant="default"
                size="lg"
                onClick={printSheet}
                aria-label={t('QUESTIONNAIRE.Print')}
                data-testid="questionnaire-print"
              >
                <IconPrinter size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {!q.canEdit && (
          <Alert color="gray" data-testid="questionnaire-readonly">
            {t('QUESTIONNAIRE.ReadOnly')}
          </Alert>
        )}
        <Card withBorder radius="md" padding="lg">
          <Tabs value={current} onChange={(v) => v && setTab(v)} keepMounted={false}>
            <Tabs.List mb="lg">
              {shown.map((s) => {
                const invalid = evaluation.sheets[s.name]?.valid === false;
                return (
                  <Tabs.Tab
                    key={s.name}
                    value={s.name}
                    data-testid={`sheet-tab-${s.name}`}
                    rightSection={
                      invalid ? (
                        <IconAlertTriangle
                          size={16}
                          color="var(--mantine-color-orange-7)"
                          aria-label={t('QUESTIONNAIRE.SheetIncomplete')}
                        />
                      ) : undefined
                    }
                  >
                    {text(s.label)}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            {shown.map((s) => (
              <Tabs.Panel key={s.name} value={s.name}>
                <SheetView
                  sheet={s}
                  values={data[s.name] ?? {}}
                  state={evaluation.sheets[s.name]}
                  readOnly={!q.canEdit}
                  rootId={q.rootUnitId}
                  onChange={change(s.name)}
                />
              </Tabs.Panel>
            ))}
          </Tabs>
        </Card>
        <Group justify="space-between">
          <Group>
            {dirty && q.canEdit && (
              <Button
                variant="subtle"
                color="red"
                onClick={() => {
                  setData(saved);
                  localStorage.removeItem(draftKey(q.rootUnitId));
                }}
                data-testid="questionnaire-discard"
              >
                {t('QUESTIONNAIRE.Discard')}
              </Button>
            )}
          </Group>
          <Group>
            <Button variant="default" disabled={index <= 0} onClick={() => setTab(shown[index - 1]?.name ?? current)}>
              {t('QUESTIONNAIRE.Previous')}
            </Button>
            <Button variant="default" disabled={index >= shown.length - 1} onClick={() => void next()}>
              {t('QUESTIONNAIRE.Next')}
            </Button>
            {q.canEdit ? (
              <Button onClick={() => void saveAndClose()} loading={save.isPending} data-testid="questionnaire-save">
                {t('QUESTIONNAIRE.SaveClose')}
              </Button>
            ) : (
              <Button component={Link} to={backTo}>
                {t('QUESTIONNAIRE.Close')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </ChipPulseContext.Provider>
  );
}
