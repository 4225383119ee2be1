import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The imprint and privacy links, readable with or without a session (the shell's top bar, the sign-in
 * page, the legal pages). Only the two anchors: each place keeps its own group around them.
 */
export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Anchor component={Link} to="/imprint" size="sm">
        {t('SHELL.Imprint')}
      </Anchor>
      <Anchor component={Link} to="/privacy" size="sm">
        {t('SHELL.Privacy')}
      </Anchor>
    </>
  );
}
