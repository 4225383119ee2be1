import { Alert, Badge, Card, Checkbox, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  allFileKinds,
  fileKinds,
  MAX_FILE_SIZE_LIMIT_BYTES,
  MIN_FILE_SIZE_LIMIT_BYTES,
} from '../../../../shared/rules/files';
import { filePolicyInputSchema, type FilePolicyView } from '../../../../shared/schemas/files';
import { PageLoader } from '../../../components/page-loader';
import { ServerMessages } from '../../../components/server-messages';
import { useFormatters } from '../../../lib/format';
import { apiErrorText, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useFilePolicy } from '../api/get-file-policy';
import { useSaveFilePolicy } from '../api/save-file-policy';
import { FormActions } from '../components/form-actions';
import { StorageUsageCard } from '../components/storage-usage-card';

const MB = 1024 ** 2;
/** The page's fields: the API's policy rules; the size limit is edited in whole megabytes. */
const filePolicyFormSchema = z.object({
  allowedKinds: filePolicyInputSchema.shape.allowedKinds,
  maxSizeMB: z
    .union([z.number(), z.string()])
    .pipe(z.number({ error: 'VALIDATION.WholeNumber' }).int('VALIDATION.WholeNumber'))
    .transform((mb) => mb * MB)
    .pipe(filePolicyInputSchema.shape.maxFileSizeBytes),
});
type Values = z.input<typeof filePolicyFormSchema>;
const toValues = (p: FilePolicyView): Values => ({
  allowedKinds: [...p.allowedKinds],
  maxSizeMB: Math.round(p.maxFileSizeBytes / MB),
});

/**
 * home/app/admin/file-policy: which file types members may upload and how large a file may be;
 * below, the tenant's storage against its quota.
 */
export function FilePolicyPage() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const policy = useFilePolicy();
  const save = useSaveFilePolicy();
  const minMB = MIN_FILE_SIZE_LIMIT_BYTES / MB;
  const maxMB = MAX_FILE_SIZE_LIMIT_BYTES / MB;
  const { form, field, valid, output } = useSchemaForm(filePolicyFormSchema, { allowedKinds: [], maxSizeMB: '' });

  // The form follows the saved policy whenever the server answers with a new one.
  const saved = policy.data;
  useEffect(() => {
    if (!saved) return;
    form.setInitialValues(toValues(saved));
    form.setValues(toValues(saved));
    form.resetDirty(toValues(saved));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);

  if (policy.isPending) return <PageLoader />;
  if (policy.isError)
    return (
      <Alert color="red" role="alert">
        {apiErrorText(policy.error)}
      </Alert>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending || form.validate().hasErrors || !output) return;
    save.mutate(
      { allowedKinds: output.allowedKinds, maxFileSizeBytes: output.maxSizeMB },
      { onSuccess: () => notifySuccess(t('ADMIN.FilePolicy.Saved')) },
    );
  };
  const reset = () => save.mutate(null, { onSuccess: () => notifySuccess(t('ADMIN.FilePolicy.ResetDone')) });
  const sizeFormat = new Intl.NumberFormat(fmt.locale);
  const modelMaxMB = Math.floor(policy.data.modelMaxFileSizeBytes / MB);
  const modelCapped = form.values.allowedKinds.includes('ifc') && Number(form.values.maxSizeMB) > modelMaxMB;
  // Mantine needs both separators, or it falls back to '.' as the decimal one, which clashes with '.' as group.
  const parts = sizeFormat.formatToParts(10_000.5);
  const groupSeparator = parts.find((p) => p.type === 'group')?.value;
  const decimalSeparator = parts.find((p) => p.type === 'decimal')?.value;

  return (
    <Stack gap="md">
      <Card withBorder radius="md" maw={900}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Group justify="space-between" mih={36}>
              <Group gap="sm">
                <Title order={1} size="h3">
                  {t('ADMIN.FilePolicy.PageTitle')}
                </Title>
                {policy.data.isDefault && (
                  <Badge variant="light" color="gray" data-testid="file-policy-default">
                    {t('ADMIN.FilePolicy.DefaultBadge')}
                  </Badge>
                )}
              </Group>
            </Group>
            <Text size="sm" c="dimmed">
              {t('ADMIN.FilePolicy.Intro')}
            </Text>
            <Checkbox.Group
              label={t('ADMIN.FilePolicy.AllowedKinds')}
              description={t('ADMIN.FilePolicy.AllowedKindsHint')}
              withAsterisk
              {...field('allowedKinds')}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                {allFileKinds.map((kind) => (
                  <Checkbox
                    key={kind}
                    value={kind}
                    label={t(`ADMIN.FilePolicy.Kinds.${kind}`)}
                    description={fileKinds[kind].map((e) => `.${e}`).join(', ')}
                    disabled={save.isPending}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <NumberInput
              label={t('ADMIN.FilePolicy.MaxSize')}
              description={t('ADMIN.FilePolicy.MaxSizeHint', {
                min: sizeFormat.format(minMB),
                max: sizeFormat.format(maxMB),
              })}
              withAsterisk
              suffix=" MB"
              min={minMB}
              max={maxMB}
              step={100}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              thousandSeparator={groupSeparator}
              decimalSeparator={decimalSeparator}
              maw={340}
              disabled={save.isPending}
              {...field('maxSizeMB')}
            />
            {modelCapped && (
              <Text size="sm" data-testid="file-policy-model-cap">
                {t('ADMIN.FilePolicy.ModelCap', { max: sizeFormat.format(modelMaxMB) })}
              </Text>
            )}
            <ServerMessages error={save.error} />
            <FormActions
              resetLabel={t('ADMIN.FilePolicy.Reset')}
              onReset={reset}
              resetDisabled={policy.data.isDefault}
              saving={save.isPending}
              saveDisabled={!form.isDirty() || !valid}
            />
          </Stack>
        </form>
      </Card>
      <StorageUsageCard />
    </Stack>
  );
}
