import { Button, Group, Modal, MultiSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { bannerLevels, type BannerNotification, type SalesOrg } from '../../../../shared/schemas/admin';
import { ServerMessages } from '../../../components/server-messages';
import { notifySuccess } from '../../../lib/notify';
import { useSaveBanner } from '../api/save-banner';

/** `datetime-local` works in local time; the API speaks UTC ISO timestamps. */
function toLocalInput(iso: string | Date): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

type Values = { title: string; text: string; level: string; showFrom: string; showUntil: string; salesOrgs: string[] };

/** Create mode without an item, edit mode with one (spec §2); defaults of §4; every field required (§5). */
export function BannerDialog({
  item,
  salesOrgs,
  onClose,
}: {
  item?: BannerNotification;
  salesOrgs: SalesOrg[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBanner();
  const now = new Date();
  const required = (v: string | string[]) =>
    v.length > 0 && (typeof v !== 'string' || v.trim()) ? null : t('VALIDATION.IsRequired');
  const form = useForm<Values>({
    initialValues: item
      ? {
          title: item.title,
          text: item.text,
          level: item.level,
          showFrom: toLocalInput(item.showFrom),
          showUntil: toLocalInput(item.showUntil),
          salesOrgs: item.salesOrgs.map(String),
        }
      : {
          title: '',
          text: '',
          level: '',
          showFrom: toLocalInput(now),
          showUntil: toLocalInput(new Date(now.getTime() + 86_400_000)),
          salesOrgs: [],
        },
    validate: {
      title: required,
      text: required,
      level: required,
      showFrom: required,
      showUntil: (v, values) =>
        required(v) ??
        (v && values.showFrom && new Date(v) <= new Date(values.showFrom) ? t('ADMIN.Banner.UntilBeforeFrom') : null),
      salesOrgs: required,
    },
    validateInputOnChange: true,
  });
  const valid = form.isValid();

  const submit = form.onSubmit((v) => {
    if (save.isPending) return;
    const body = {
      title: v.title.trim(),
      text: v.text.trim(),
      level: v.level as BannerNotification['level'],
      showFrom: new Date(v.showFrom).toISOString(),
      showUntil: new Date(v.showUntil).toISOString(),
      salesOrgs: v.salesOrgs.map(Number),
    };
    save.mutate(
      { id: item?.notificationID, body },
      {
        onSuccess: () => {
          notifySuccess(t('ADMIN.Banner.Saved'));
          onClose();
        },
      },
    );
  });

  return (
    <Modal
      opened
      onClose={() => !save.isPending && onClose()}
      title={t(item ? 'ADMIN.Banner.EditTitle' : 'ADMIN.Banner.AddTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('ADMIN.Banner.Title')} required data-autofocus {...form.getInputProps('title')} />
          <Textarea label={t('ADMIN.Banner.Text')} required autosize minRows={3} {...form.getInputProps('text')} />
          <Select
            label={t('ADMIN.Banner.Level')}
            required
            data={bannerLevels.map((l) => ({ value: l, label: t(`ADMIN.Banner.Levels.${l}`) }))}
            {...form.getInputProps('level')}
            onChange={(v) => form.setFieldValue('level', v ?? '')}
          />
          <Group grow align="flex-start">
            <TextInput
              type="datetime-local"
              label={t('ADMIN.Banner.ShowFrom')}
              required
              {...form.getInputProps('showFrom')}
            />
            <TextInput
              type="datetime-local"
              label={t('ADMIN.Banner.ShowUntil')}
              required
              {...form.getInputProps('showUntil')}
            />
          </Group>
          <MultiSelect
            label={t('ADMIN.Banner.SalesOrgs')}
            required
            data={salesOrgs.map((s) => ({ value: String(s.salesOrgID), label: `${s.salesOrgKey} – ${s.title}` }))}
            searchable
            {...form.getInputProps('salesOrgs')}
          />
          <ServerMessages error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('COMMON.Abort')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!valid || save.isPending}>
              {t(item ? 'COMMON.Edit' : 'COMMON.Add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
