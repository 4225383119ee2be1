import {
  Alert,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { companySignInInputSchema, type CompanySignIn } from '../../../../shared/schemas/users';
import { ServerMessages } from '../../../components/server-messages';
import { apiErrorText, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCompanySignIn } from '../api/get-company-sign-in';
import { useSaveCompanySignIn } from '../api/save-company-sign-in';
import { useTestCompanySignIn } from '../api/test-company-sign-in';

const fields = companySignInInputSchema.shape;

/** The page's fields: the API's rules; the secret is required until one is stored. */
function companySignInFormSchema(hasClientSecret: boolean) {
  return z.object({
    issuer: z.string().trim().min(1, 'VALIDATION.IsRequired').pipe(fields.issuer),
    clientId: fields.clientId,
    clientSecret: hasClientSecret
      ? z.string().max(2000)
      : z
          .string()
          .max(2000)
          .refine((v) => v.trim() !== '', 'VALIDATION.IsRequired'),
    buttonLabel: fields.buttonLabel,
    enabled: fields.enabled,
  });
}

function CompanySignInForm({ current }: { current: CompanySignIn }) {
  const { t } = useTranslation();
  const save = useSaveCompanySignIn();
  const test = useTestCompanySignIn();
  const schema = useMemo(() => companySignInFormSchema(current.hasClientSecret), [current.hasClientSecret]);
  const { form, field } = useSchemaForm(
    schema,
    {
      issuer: current.issuer,
      clientId: current.clientId,
      clientSecret: '',
      buttonLabel: current.buttonLabel,
      enabled: current.configured ? current.enabled : true,
    },
    { validateInputOnChange: false },
  );

  const submit = form.onSubmit((v) => {
    if (save.isPending) return;
    save.mutate(
      { ...v, issuer: v.issuer.trim(), clientSecret: v.clientSecret || undefined },
      {
        onSuccess: () => {
          notifySuccess(t('ADMIN.CompanySignIn.Saved'));
          form.setFieldValue('clientSecret', '');
        },
      },
    );
  });

  const runTest = () => {
    if (form.validateField('issuer').hasError) return;
    test.mutate(form.values.issuer.trim());
  };
  const result = test.data;

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={640}>
        <TextInput
          label={t('ADMIN.CompanySignIn.Issuer')}
          description={t('ADMIN.CompanySignIn.IssuerHint')}
          required
          type="url"
          {...field('issuer')}
          onChange={(e) => {
            form.setFieldValue('issuer', e.currentTarget.value);
            test.reset();
          }}
        />
        <Stack gap="xs" align="flex-start">
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlugConnected size={16} aria-hidden />}
              onClick={runTest}
              loading={test.isPending}
            >
              {t('ADMIN.CompanySignIn.Test')}
            </Button>
          </Group>
          <div aria-live="polite" style={{ alignSelf: 'stretch' }}>
            {result && (
              <Alert color={result.ok ? 'teal' : 'red'} role="status" data-testid="company-sign-in-test">
                {t(result.message, { detail: result.detail ?? '' })}
              </Alert>
            )}
            {test.isError && (
              <Alert color="red" role="alert">
                {apiErrorText(test.error)}
              </Alert>
            )}
          </div>
        </Stack>
        <TextInput label={t('ADMIN.CompanySignIn.ClientId')} required {...field('clientId')} />
        <PasswordInput
          label={t('ADMIN.CompanySignIn.ClientSecret')}
          description={t('ADMIN.CompanySignIn.ClientSecretHint')}
          placeholder={current.hasClientSecret ? t('ADMIN.CompanySignIn.ClientSecretStored') : undefined}
          required={!current.hasClientSecret}
          autoComplete="new-password"
          {...field('clientSecret')}
        />
        <TextInput
          label={t('ADMIN.CompanySignIn.ButtonLabel')}
          description={t('ADMIN.CompanySignIn.ButtonLabelHint')}
          maxLength={100}
          {...field('buttonLabel')}
        />
        <Checkbox label={t('ADMIN.CompanySignIn.Enabled')} {...field('enabled', { type: 'checkbox' })} />
        <div>
          <Text size="sm" fw={500}>
            {t('ADMIN.CompanySignIn.RedirectUri')}
          </Text>
          <Text size="xs" c="dimmed" mb={4}>
            {t('ADMIN.CompanySignIn.RedirectUriHint')}
          </Text>
          <Code data-testid="redirect-uri">{current.redirectUri}</Code>
        </div>
        <ServerMessages error={save.error} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('COMMON.Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** home/app/admin/company-sign-in: the tenant's OpenID Connect provider. */
export function CompanySignInPage() {
  const { t } = useTranslation();
  const current = useCompanySignIn();
  return (
    <Card withBorder radius="md" maw={1300}>
      <Title order={1} size="h3" mb="xs">
        {t('ADMIN.CompanySignIn.PageTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md" maw={800}>
        {t('ADMIN.CompanySignIn.Intro')}
      </Text>
      {current.isError ? (
        <Alert color="red" role="alert">
          {apiErrorText(current.error)}
        </Alert>
      ) : current.data ? (
        <CompanySignInForm current={current.data} />
      ) : (
        <Skeleton h={400} />
      )}
    </Card>
  );
}
