import { Alert, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { testEmailSchema } from '../../../../shared/schemas/help';
import { FormDialog } from '../../../components/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { usePostTestEmail } from '../api/post-test-email';

/** The help page's test dialog: an e-mail address with Submit and Cancel (spec §2 Help, §5). */
export function TestEmailDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const post = usePostTestEmail();
  const { form, field, valid, output } = useSchemaForm(testEmailSchema, { email: '' });

  const close = () => {
    form.reset();
    post.reset();
    onClose();
  };
  const submit = () => {
    if (form.validate().hasErrors || !output) return;
    post.mutate(output, {
      onSuccess: (res) => {
        notifySuccess(t('HELP.Test.Done', { email: res.email }));
        close();
      },
    });
  };

  return (
    <FormDialog
      opened={opened}
      title={t('HELP.Test.Title')}
      size="md"
      onClose={close}
      onSubmit={submit}
      submitting={post.isPending}
      valid={valid}
      error={null}
      submitLabel={t('COMMON.Submit')}
    >
      <Text size="sm">{t('HELP.Test.Text')}</Text>
      <TextInput
        label={t('HELP.Test.Email')}
        type="email"
        autoComplete="email"
        withAsterisk
        data-autofocus
        {...field('email')}
      />
      {post.isError && (
        <Alert color="red" role="alert">
          {t('HELP.Test.Error', {
            status: post.error instanceof ApiError ? post.error.status : '–',
            message: apiErrorText(post.error),
          })}
        </Alert>
      )}
    </FormDialog>
  );
}
