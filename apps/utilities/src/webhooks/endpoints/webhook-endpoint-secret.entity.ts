import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/**
 * A signing secret of an endpoint, encrypted (SigningSecretCipher). One is current
 * (`expires_at` null); after a rotation the previous ones keep signing until they expire, and
 * expired rows are removed when the endpoint's secrets are next read or rotated.
 */
@Entity({ name: 'webhook_endpoint_secrets' })
@Index('idx_webhook_endpoint_secrets_endpoint', ['endpointId', 'createdAt'])
@Index('uq_webhook_endpoint_secrets_current', ['endpointId'], { unique: true, where: '"expires_at" IS NULL' })
export class WebhookEndpointSecret {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId: string;

  @ManyToOne(() => WebhookEndpoint, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id', foreignKeyConstraintName: 'fk_webhook_endpoint_secrets_endpoint' })
  endpoint?: WebhookEndpoint;

  /** `v1.` and the AES-256-GCM nonce, tag and ciphertext, bound to the endpoint id. */
  @Column({ name: 'sealed_secret', type: 'text' })
  sealedSecret: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Null for the current secret; a previous one signs until then. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;
}
