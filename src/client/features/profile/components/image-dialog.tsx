import { Alert, Box, Button, FileButton, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { ServerMessages } from '../../../components/server-messages';
import { notifySuccess } from '../../../lib/notify';
import { useUploadProfileImage } from '../api/profile-image';
import { acceptAttribute, cropToPng, isAcceptedImage } from './crop-image';

/** File picker plus a square crop; Save uploads the crop as PNG (spec §2, §4, §5). */
export function ImageDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useUploadProfileImage();
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);

  const pick = (file: File | null) => {
    if (!file) return;
    setArea(null);
    if (!isAcceptedImage(file)) {
      setSrc(null);
      setLocalError(t('PROFILE.Image.InvalidType'));
      return;
    }
    const url = URL.createObjectURL(file);
    // Some accepted types (e.g. TIFF) cannot be shown by every browser: say so instead of an empty cropper.
    const probe = new Image();
    probe.onload = () => {
      setLocalError(null);
      setZoom(1);
      setCrop({ x: 0, y: 0 });
      setSrc(url);
    };
    probe.onerror = () => {
      URL.revokeObjectURL(url);
      setSrc(null);
      setLocalError(t('PROFILE.Image.CropFailed'));
    };
    probe.src = url;
  };

  const save = async () => {
    if (!src || !area || upload.isPending) return;
    let png: Blob;
    try {
      png = await cropToPng(src, area);
    } catch {
      setLocalError(t('PROFILE.Image.CropFailed'));
      return;
    }
    upload.mutate(png, {
      onSuccess: () => {
        notifySuccess(t('PROFILE.Image.Saved'));
        onClose();
      },
    });
  };

  return (
    <Modal
      opened
      onClose={() => !upload.isPending && onClose()}
      title={t('PROFILE.Image.DialogTitle')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('COMMON.Close') }}
    >
      <Stack>
        <Group>
          <FileButton onChange={pick} accept={acceptAttribute}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPhoto size={16} aria-hidden />} data-autofocus>
                {t('PROFILE.Image.Choose')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {t('PROFILE.Image.ChooseHint')}
          </Text>
        </Group>
        {src && (
          <>
            <Box
              pos="relative"
              h={320}
              bg="dark.7"
              style={{ borderRadius: 8, overflow: 'hidden' }}
              aria-label={t('PROFILE.Image.CropArea')}
              role="group"
            >
              <Cropper
                image={src}
                crop={crop}
                zoom={zoom}
                aspect={1}
                cropShape="round"
                showGrid={false}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_a, pixels) => setArea(pixels)}
                onMediaLoaded={() => setLocalError(null)}
              />
            </Box>
            <Slider
              min={1}
              max={4}
              step={0.05}
              value={zoom}
              onChange={setZoom}
              label={null}
              thumbLabel={t('PROFILE.Image.Zoom')}
              aria-label={t('PROFILE.Image.Zoom')}
            />
          </>
        )}
        {localError && (
          <Alert color="red" role="alert">
            {localError}
          </Alert>
        )}
        <ServerMessages error={upload.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={upload.isPending}>
            {t('COMMON.Cancel')}
          </Button>
          <Button onClick={() => void save()} loading={upload.isPending} disabled={!area || upload.isPending}>
            {t('COMMON.Save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
