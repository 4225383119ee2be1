import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { emailPattern } from '../../../../shared/schemas/help';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, notifySuccess } from '../../../lib/notify';
import { usePostTestEmail } from '../api/post-test-email';

/** Required and valid (spec §5); the messages are translation keys. */
export function validateTestEmail(value: string): string | null {
  const v = value.trim();
  if (!v) return 'HELP.Test.EmailRequired';
  if (!emailPattern.test(v)) return 'HELP.Test.EmailInvalid';
  return null;
}

/** The help page's test dialog: an e-mail address with Submit and Cancel (spec §2 Help). */
export function TestEmailDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const post = usePostTestEmail();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: validateTestEmail },
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  const invalid = validateTestEmail(form.values.email) !== null;

  const close = () => {
    form.reset();
    post.reset();
    onClose();
  };
  const submit = form.onSubmit(({ email }) =>
    post.mutate(
      { email: email.trim() },
      {
        onSuccess: (res) => {
          notifySuccess(t('HELP.Test.Done', { email: res.email }));
          close();
        },
      },
    ),
  );
  const error = form.errors.email;

  return (
    <Modal opened={opened} onClose={close} title={t('HELP.Test.Title')} centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('HELP.Test.Text')}</Text>
          <TextInput
            label={t('HELP.Test.Email')}
            type="email"
            autoComplete="email"
            withAsterisk
            data-autofocus
            {...form.getInputProps('email')}
            error={typeof error === 'string' ? t(error) : undefined}
          />
          {post.isError && (
            <Alert color="red" role="alert">
              {t('HELP.Test.Error', {
                status: post.error instanceof ApiError ? post.error.status : '–',
                message: apiErrorText(post.error),
              })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('COMMON.Cancel')}
            </Button>
            <Button type="submit" disabled={invalid || post.isPending} loading={post.isPending}>
              {t('COMMON.Submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
