import { z } from 'zod';
import { listResponse } from './list';

/** The kinds of notification (event types that notify someone). */
export const notificationTypes = [
  'task.assigned',
  'unit.state.changed',
  'file.version.added',
  'review.decided',
  'order.placed',
  'order.confirmed',
  'delivery.lot.changed',
  'delivery.confirmed',
  'member.added',
  'mention',
] as const;
export type NotificationType = (typeof notificationTypes)[number];
export const isNotificationType = (value: string): value is NotificationType =>
  (notificationTypes as readonly string[]).includes(value);

export const notificationSchema = z.object({
  notificationID: z.number().int(),
  type: z.enum(notificationTypes),
  date: z.string(),
  read: z.boolean(),
  /** The unit (null when the user can no longer read it). */
  unit: z
    .object({
      projectUnitID: z.number().int(),
      rootProjectUnitID: z.number().int(),
      projectUnitNo: z.string(),
      title: z.string(),
      projectUnitType: z.string(),
    })
    .nullable(),
  actor: z.object({ userID: z.number().int(), name: z.string() }).nullable(),
  /** Small facts of the event: a state key, task key, decision, lot change, version number. */
  details: z.object({
    newState: z.string().optional(),
    taskKey: z.string().optional(),
    decision: z.string().optional(),
    change: z.string().optional(),
    versionNo: z.number().int().optional(),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = listResponse(notificationSchema);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** The translation key of a kind's name (PROFILE.MailPreferences.Kind.…): `order.placed` → `OrderPlaced`. */
export const mailKindKey = (kind: NotificationType): string =>
  kind
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** How the mails of a kind of notification come: at once, in the daily digest, or not at all. */
export const mailDeliveries = ['immediately', 'digest', 'off'] as const;
export type MailDelivery = (typeof mailDeliveries)[number];

export const mailPreferenceSchema = z.object({
  kind: z.enum(notificationTypes),
  delivery: z.enum(mailDeliveries),
});

/** The user's choice per kind (all kinds, in the order of `notificationTypes`) and the default of their role. */
export const mailPreferencesResponseSchema = z.object({
  data: z.array(mailPreferenceSchema.extend({ defaultDelivery: z.enum(mailDeliveries) })),
});
export type MailPreferences = z.infer<typeof mailPreferencesResponseSchema>['data'];

/** Saving: the kinds to change (each at most once); kinds not named keep their choice. */
export const saveMailPreferencesSchema = z.object({
  preferences: z
    .array(mailPreferenceSchema)
    .min(1)
    .max(notificationTypes.length)
    .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, 'VALIDATION.InvalidChoice'),
});
export type SaveMailPreferences = z.infer<typeof saveMailPreferencesSchema>;
