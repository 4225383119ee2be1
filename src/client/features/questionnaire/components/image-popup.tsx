import { Button, Image, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A sketch for a section or control, opened in a popup. */
export function ImagePopup({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconPhoto size={16} aria-hidden />}
        onClick={open}
        w="fit-content"
      >
        {t('QUESTIONNAIRE.ShowSketch')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={title || t('QUESTIONNAIRE.ShowSketch')}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
      >
        <Image src={src} alt={title || t('QUESTIONNAIRE.ShowSketch')} />
      </Modal>
    </>
  );
}
