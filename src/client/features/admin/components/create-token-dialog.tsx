import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  apiTokenInputSchema,
  TOKEN_SCOPES,
  type CreatedApiToken,
  type TokenScope,
} from '../../../../shared/schemas/machine-access';
import { FormDialog } from '../../../components/form-dialog';
import { useCreateApiToken } from '../api/machine-access';

const expiries = ['never', '30', '90', '365'] as const;

/** Creates an API token: name, scopes, expiry in days (or never); hands the created token with its secret on. */
export function CreateTokenDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: CreatedApiToken) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [expiry, setExpiry] = useState<(typeof expiries)[number]>('90');
  // The expiry is reckoned from the moment of saving.
  const inputAt = (now: number) => ({
    name,
    scopes,
    expiresAt: expiry === 'never' ? null : new Date(now + Number(expiry) * 86_400_000).toISOString(),
  });
  const parsed = apiTokenInputSchema.safeParse({ name, scopes, expiresAt: null });
  const close = () => {
    setName('');
    setScopes([]);
    setExpiry('90');
    create.reset();
    onClose();
  };
  return (
    <FormDialog
      opened={opened}
      title={t('ADMIN.ApiTokens.Create')}
      onClose={close}
      onSubmit={() =>
        create.mutate(inputAt(Date.now()), {
          onSuccess: (c) => {
            setName('');
            setScopes([]);
            create.reset();
            onCreated(c);
          },
        })
      }
      submitting={create.isPending}
      valid={parsed.success}
      error={create.error}
    >
      <TextInput
        label={t('ADMIN.ApiTokens.Name')}
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={200}
        data-autofocus
      />
      <Checkbox.Group
        label={t('ADMIN.ApiTokens.Scopes')}
        required
        value={scopes}
        onChange={(v) => setScopes(v as TokenScope[])}
      >
        <Stack gap={6} mt={6}>
          {TOKEN_SCOPES.map((s) => (
            <Checkbox key={s} value={s} label={`${t(`ADMIN.ApiTokens.Scope.${s}`, { nsSeparator: false })} (${s})`} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Select
        label={t('ADMIN.ApiTokens.ExpiresAt')}
        value={expiry}
        onChange={(v) => setExpiry((v ?? '90') as (typeof expiries)[number])}
        allowDeselect={false}
        data={expiries.map((e) => ({
          value: e,
          label: e === 'never' ? t('ADMIN.ApiTokens.NoExpiry') : t('ADMIN.ApiTokens.InDays', { count: Number(e) }),
        }))}
      />
    </FormDialog>
  );
}
