import { define, type ErrorDefinition } from './error-definition';

/** Utilities: notifications, files, documents and webhooks. */
export const UTILITIES_ERRORS = {
  NOTIFICATION_NOT_FOUND: define(404, 'Notification not found.', 'Notification introuvable.'),
  FILE_NOT_FOUND: define(404, 'File not found.', 'Fichier introuvable.'),
  FILE_TOO_LARGE: define(413, 'The file is larger than the {limit} bytes allowed.', 'Le fichier dépasse la taille autorisée de {limit} octets.'),
  FILE_TYPE_NOT_ALLOWED: define(415, 'This file type is not allowed.', 'Ce type de fichier n’est pas autorisé.'),
  FILE_LINK_INVALID: define(403, 'This file link is invalid or has expired.', 'Ce lien de fichier est invalide ou a expiré.'),
  RANGE_NOT_SATISFIABLE: define(416, 'The requested range cannot be served.', 'La plage demandée ne peut pas être servie.'),
  DOCUMENT_NOT_FOUND: define(404, 'Document not found.', 'Document introuvable.'),
  DOCUMENT_JOB_NOT_FOUND: define(404, 'Document job not found.', 'Tâche de document introuvable.'),
  DOCUMENT_TOO_LARGE_FOR_SYNC: define(
    413,
    'This document has {rows} table rows; POST /api/v1/app/documents renders at most {limit} at once. Send it to POST /api/v1/app/document-jobs instead.',
    'Ce document compte {rows} lignes de tableau ; POST /api/v1/app/documents en produit au plus {limit} immédiatement. Envoyez-le plutôt à POST /api/v1/app/document-jobs.',
  ),
  DOCUMENT_TOO_LARGE: define(
    413,
    'This document has {rows} table rows; at most {limit} can be rendered.',
    'Ce document compte {rows} lignes de tableau ; au plus {limit} peuvent être produites.',
  ),
  DOCUMENT_RENDER_TIMEOUT: define(
    422,
    'Rendering this document took longer than the {limit} ms allowed and was stopped.',
    'La production de ce document a dépassé les {limit} ms autorisées et a été interrompue.',
  ),
  WEBHOOK_ENDPOINT_NOT_FOUND: define(404, 'Webhook endpoint not found.', 'Point de terminaison de webhook introuvable.'),
  WEBHOOK_ENDPOINT_LIMIT_REACHED: define(
    409,
    'This company already has {limit} webhook endpoints, the most allowed: delete one before adding another.',
    'Cette entreprise a déjà {limit} points de terminaison de webhook, le maximum autorisé : supprimez-en un avant d’en ajouter un autre.',
  ),
  WEBHOOK_DELIVERY_NOT_FOUND: define(404, 'Webhook delivery not found.', 'Livraison de webhook introuvable.'),
} as const satisfies Record<string, ErrorDefinition>;
