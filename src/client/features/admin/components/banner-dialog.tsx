import { Group, MultiSelect, Select, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  bannerInputSchema,
  bannerLevels,
  type BannerNotification,
  type SalesOrg,
} from '../../../../shared/schemas/admin';
import { DateTimeInput } from '../../../components/date-input';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notify';
import { isStaleSave, offerReload } from '../../../lib/stale-save';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveBanner } from '../api/save-banner';

/** The fields work in local time (`YYYY-MM-DDTHH:MM`, as `datetime-local`); the API speaks UTC ISO timestamps. */
function toLocalInput(iso: string | Date): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const toIso = (local: string) => {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
};

/** The form's values (texts as the inputs hold them) piped into the API's schema: one rule, one set of messages. */
const bannerFormSchema = z
  .object({
    title: z.string(),
    text: z.string(),
    level: z.string(),
    showFrom: z.string(),
    showUntil: z.string(),
    salesOrgs: z.array(z.string()),
  })
  .transform((v) => ({
    ...v,
    showFrom: toIso(v.showFrom),
    showUntil: toIso(v.showUntil),
    salesOrgs: v.salesOrgs.map(Number),
  }))
  .pipe(bannerInputSchema);

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
  const { field, form, valid, output } = useSchemaForm(
    bannerFormSchema,
    item
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
  );

  const submit = () => {
    if (form.validate().hasErrors || !output) return;
    save.mutate(
      // A change names the version the admin edited: a banner saved meanwhile answers 409.
      { id: item?.notificationID, body: item ? { ...output, version: item.version } : output },
      {
        onSuccess: () => {
          notifySuccess(t('ADMIN.Banner.Saved'));
          onClose();
        },
        onError: (err) => {
          // The list reloads after every save; offer to close and look at the other admin's banner.
          if (isStaleSave(err)) void offerReload().then((reload) => reload && onClose());
        },
      },
    );
  };

  return (
    <FormDialog
      opened
      title={t(item ? 'ADMIN.Banner.EditTitle' : 'ADMIN.Banner.AddTitle')}
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      submitting={save.isPending}
      valid={valid}
      error={save.error}
      submitLabel={t(item ? 'COMMON.Edit' : 'COMMON.Add')}
      cancelLabel={t('COMMON.Abort')}
    >
      <TextInput label={t('ADMIN.Banner.Title')} required data-autofocus {...field('title')} />
      <Textarea label={t('ADMIN.Banner.Text')} required autosize minRows={3} {...field('text')} />
      <Select
        label={t('ADMIN.Banner.Level')}
        required
        data={bannerLevels.map((l) => ({ value: l, label: t(`ADMIN.Banner.Levels.${l}`) }))}
        {...field('level')}
        onChange={(v) => form.setFieldValue('level', v ?? '')}
      />
      <Group grow align="flex-start">
        <DateTimeInput label={t('ADMIN.Banner.ShowFrom')} required {...field('showFrom')} />
        <DateTimeInput label={t('ADMIN.Banner.ShowUntil')} required {...field('showUntil')} />
      </Group>
      <MultiSelect
        label={t('ADMIN.Banner.SalesOrgs')}
        required
        data={salesOrgs.map((s) => ({ value: String(s.salesOrgID), label: `${s.salesOrgKey} – ${s.title}` }))}
        searchable
        {...field('salesOrgs')}
      />
    </FormDialog>
  );
}
