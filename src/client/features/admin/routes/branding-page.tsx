import { Alert, Badge, Box, Card, ColorInput, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BRAND_COLOR_PATTERN, contrastWithWhite } from '../../../../shared/rules/brand-color';
import { brandingInputSchema } from '../../../../shared/schemas/branding';
import { brandName } from '../../../components/brand-mark';
import { PageLoader } from '../../../components/page-loader';
import { ServerMessages } from '../../../components/server-messages';
import { useFormatters } from '../../../lib/format';
import { apiErrorText, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useBranding } from '../api/get-branding';
import { useSaveBranding } from '../api/save-branding';
import { FormActions } from '../components/form-actions';

/** The page's field: the API's rule for a colour (format, contrast with white text). */
const brandingFormSchema = z.object({ brandColor: brandingInputSchema.shape.brandColor.unwrap() });

/** home/app/admin/branding: the tenant's brand colour, the browser's chrome for its users. */
export function BrandingPage() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const branding = useBranding();
  const save = useSaveBranding();
  const { form, field, valid, output } = useSchemaForm(brandingFormSchema, { brandColor: '' });

  // The form follows the saved colour whenever the server answers with a new one.
  const saved = branding.data;
  useEffect(() => {
    if (!saved) return;
    const values = { brandColor: saved.brandColor ?? saved.defaultColor };
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);

  if (branding.isPending) return <PageLoader />;
  if (branding.isError)
    return (
      <Alert color="red" role="alert">
        {apiErrorText(branding.error)}
      </Alert>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending || form.validate().hasErrors || !output) return;
    save.mutate({ brandColor: output.brandColor }, { onSuccess: () => notifySuccess(t('ADMIN.Branding.Saved')) });
  };
  const reset = () =>
    save.mutate({ brandColor: null }, { onSuccess: () => notifySuccess(t('ADMIN.Branding.ResetDone')) });
  const color = form.values.brandColor;
  const wellFormed = BRAND_COLOR_PATTERN.test(color);
  const ratio = new Intl.NumberFormat(fmt.locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 });

  return (
    <Card withBorder radius="md" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="sm" mih={36}>
            <Title order={1} size="h3">
              {t('ADMIN.Branding.PageTitle')}
            </Title>
            {branding.data.brandColor === null && (
              <Badge variant="light" color="gray" data-testid="branding-default">
                {t('ADMIN.Branding.DefaultBadge')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('ADMIN.Branding.Intro')}
          </Text>
          <ColorInput
            label={t('ADMIN.Branding.Color')}
            description={t('ADMIN.Branding.ColorHint')}
            withAsterisk
            format="hex"
            withPicker
            eyeDropperButtonProps={{ 'aria-label': t('ADMIN.Branding.EyeDropper') }}
            maxLength={7}
            maw={340}
            disabled={save.isPending}
            {...field('brandColor')}
          />
          {wellFormed && (
            <Stack gap={4}>
              <Text size="sm" data-testid="branding-contrast">
                {t('ADMIN.Branding.Contrast', { ratio: ratio.format(contrastWithWhite(color)) })}
              </Text>
              <Box
                role="img"
                aria-label={t('ADMIN.Branding.Preview')}
                bg={color}
                c="white"
                px="md"
                py="xs"
                fw={700}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              >
                {brandName}
              </Box>
            </Stack>
          )}
          <ServerMessages error={save.error} />
          <FormActions
            resetLabel={t('ADMIN.Branding.Reset')}
            onReset={reset}
            resetDisabled={branding.data.brandColor === null}
            saving={save.isPending}
            saveDisabled={!form.isDirty() || !valid}
          />
        </Stack>
      </form>
    </Card>
  );
}
