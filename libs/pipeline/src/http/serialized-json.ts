/**
 * A response `data` that is already JSON text (written by PostgreSQL, or serialized once and
 * cached): the success envelope embeds it as it is instead of serializing it again.
 */
export class SerializedJson {
  constructor(readonly json: string) {}

  static of(value: unknown): SerializedJson {
    return new SerializedJson(JSON.stringify(value));
  }
}
