import { Button, Divider, Stack } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOidcProviders } from '../api/get-oidc-providers';

/** "Sign in with your company account": one button per tenant with an identity provider. */
export function ExternalSignIn() {
  const { t } = useTranslation();
  const providers = useOidcProviders();
  if (!providers.data?.length) return null;
  const several = providers.data.length > 1;
  return (
    <Stack gap="xs">
      <Divider label={t('LOGIN.Or')} labelPosition="center" />
      {providers.data.map((p) => (
        <Button
          key={p.tenantKey}
          component="a"
          href={`/api/account/oidc/start/${encodeURIComponent(p.tenantKey)}`}
          variant="default"
          fullWidth
          leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}
        >
          {p.label ?? (several ? t('LOGIN.ExternalWithName', { name: p.name }) : t('LOGIN.External'))}
        </Button>
      ))}
    </Stack>
  );
}
