import {
  ActionIcon,
  Button,
  Checkbox,
  Collapse,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  createProjectSchema,
  type MemberCandidate,
  type ProjectCreationContext,
} from '../../../../shared/schemas/project-onboarding';
import { FormDialog } from '../../../components/form-dialog';
import { RoleKeysSelect, UserSelect } from '../../../components/member-fields';
import { emptySiteValues, SiteFields, siteFieldsSchema } from '../../../components/site-fields';
import { ApiError } from '../../../lib/api-client';
import { memberCandidateQuery } from '../../../lib/project-creation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateProject } from '../api/create-project';

const candidatesPath = 'projects/member-candidates';

/** The dialog's fields: the API's rules; the sales organisation is a select's text, members are rows. */
const createProjectFormSchema = z.object({
  title: createProjectSchema.shape.title,
  salesOrgID: z
    .string()
    .nullable()
    .refine((v) => !!v, 'VALIDATION.IsRequired'),
  isBim: z.boolean(),
  notes: z.string().max(4000),
  site: siteFieldsSchema,
  members: z.array(
    z.object({
      key: z.number(),
      user: z.custom<MemberCandidate | null>().refine((v) => v !== null, 'VALIDATION.IsRequired'),
      roleKeys: z.array(z.string()).min(1, 'MEMBER.Manage.RoleRequired'),
    }),
  ),
});
type MemberRow = z.input<typeof createProjectFormSchema>['members'][number];

type Props = {
  context: ProjectCreationContext;
  /** The requester from a sales-organisation request: the first member, preselected. */
  firstMemberId: number | null;
  onClose: () => void;
};

/** Create a root project: title, sales organisation, BIM, optional site data and the initial members. */
export function CreateProjectDialog({ context, firstMemberId, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProject();
  const [withSite, setWithSite] = useState(false);
  const [nextKey, setNextKey] = useState(1);
  const requester = useQuery({
    ...memberCandidateQuery(candidatesPath, firstMemberId ?? 0),
    enabled: firstMemberId !== null,
  });
  const { form, field, errorText, valid } = useSchemaForm(createProjectFormSchema, {
    title: '',
    salesOrgID: context.defaultSalesOrgID ? String(context.defaultSalesOrgID) : null,
    isBim: false,
    notes: '',
    site: emptySiteValues,
    members: [] as MemberRow[],
  });

  // The requester from the mail's link becomes the first member with their usual roles.
  const { setFieldValue } = form;
  const loaded = requester.data;
  useEffect(() => {
    if (!loaded) return;
    setFieldValue('members', [
      { key: 0, user: loaded, roleKeys: loaded.roleKeys.length > 0 ? loaded.roleKeys : ['customer'] },
    ]);
  }, [loaded, setFieldValue]);

  const addRow = () => {
    form.insertListItem('members', { key: nextKey, user: null, roleKeys: [] });
    setNextKey((k) => k + 1);
  };
  const chosen = form.values.members.map((m) => m.user?.userID).filter((id): id is number => id !== undefined);

  const submit = async () => {
    if (form.validate().hasErrors) return;
    const v = form.values;
    try {
      const created = await create.mutateAsync({
        title: v.title.trim(),
        salesOrgID: Number(v.salesOrgID),
        isBim: v.isBim,
        notes: v.notes.trim() || null,
        siteAddress: withSite
          ? { name: v.site.name, street1: v.site.street1, zip: v.site.zip, city: v.site.city, country: v.site.country }
          : null,
        siteContact: withSite
          ? {
              name: v.site.contactName,
              officePhone: v.site.officePhone,
              companyMobile: v.site.companyMobile,
              officeFax: v.site.officeFax,
              officeEMail: v.site.officeEMail.trim(),
            }
          : null,
        members: v.members.flatMap((m) =>
          m.user ? [{ userID: m.user.userID, memberRoleKeys: m.roleKeys as never[] }] : [],
        ),
      });
      notifySuccess(t('PROJECT.CreateProject.Created', { no: created.projectUnitNo }));
      onClose();
      navigate(`/home/app/project/details/${created.projectUnitID}`);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'DuplicateElement') {
        form.setFieldError('title', t('PROJECT.Duplicate.Message_project', { title: v.title.trim() }));
        return;
      }
      notifyError(err, t('PROJECT.CreateProject.Failed'));
    }
  };

  return (
    <FormDialog
      opened
      title={t('PROJECT.CreateProject.Title')}
      size="xl"
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={create.isPending}
      valid={valid}
      error={null}
      submitLabel={t('PROJECT.CreateProject.Submit')}
      formTestId="create-project-form"
    >
      <TextInput
        label={t('PROJECT.CreateProject.ProjectTitle')}
        required
        maxLength={200}
        data-autofocus
        {...field('title')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('PROJECT.CreateProject.SalesOrg')}
          required
          data={context.salesOrgs.map((s) => ({ value: String(s.salesOrgID), label: s.title }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...field('salesOrgID')}
        />
        <Switch
          mt={{ base: 0, sm: 30 }}
          label={t('PROJECT.CreateProject.Bim')}
          description={t('PROJECT.CreateProject.BimHint')}
          {...field('isBim', { type: 'checkbox' })}
        />
      </SimpleGrid>
      <Textarea label={t('UNIT.Form.Description')} rows={2} maxLength={4000} {...field('notes')} />

      <Checkbox
        label={t('PROJECT.CreateProject.WithSite')}
        checked={withSite}
        onChange={(e) => setWithSite(e.currentTarget.checked)}
      />
      <Collapse expanded={withSite}>
        <Stack gap="md">
          <SiteFields inputProps={(name) => field(`site.${name}`)} />
        </Stack>
      </Collapse>

      <Stack gap="xs">
        <Title order={3} size="h6">
          {t('PROJECT.CreateProject.Members')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('PROJECT.CreateProject.MembersHint')}
        </Text>
        {form.values.members.map((row, index) => (
          <Group key={row.key} align="flex-start" wrap="nowrap" data-testid="create-project-member">
            <div style={{ flex: 3 }}>
              <UserSelect
                path={candidatesPath}
                value={row.user}
                exclude={chosen}
                onChange={(user) => {
                  form.setFieldValue(`members.${index}.user`, user);
                  if (user && row.roleKeys.length === 0) form.setFieldValue(`members.${index}.roleKeys`, user.roleKeys);
                }}
                error={errorText(form.errors[`members.${index}.user`]) as string | undefined}
              />
            </div>
            <div style={{ flex: 2 }}>
              <RoleKeysSelect
                value={row.roleKeys}
                onChange={(keys) => form.setFieldValue(`members.${index}.roleKeys`, keys)}
                error={errorText(form.errors[`members.${index}.roleKeys`]) as string | undefined}
              />
            </div>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={28}
              onClick={() => form.removeListItem('members', index)}
              aria-label={t('MEMBER.Manage.RemoveRow')}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={addRow}>
            {t('MEMBER.Manage.AddRow')}
          </Button>
        </Group>
      </Stack>
    </FormDialog>
  );
}
