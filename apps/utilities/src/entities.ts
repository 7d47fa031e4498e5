import { NotificationPreference } from './notifications/notification-preference.entity';

export const UTILITIES_ENTITIES = [NotificationPreference];
