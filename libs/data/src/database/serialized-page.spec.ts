import { SerializedJson } from '@platform/pipeline/http/serialized-json';
import { SerializedPage } from './serialized-page';

describe('SerializedPage', () => {
  const json = '{"items":[{"id":"a","createdAt":"2026-03-01T08:00:00.000Z"}],"page":2,"limit":1,"total":3}';
  const entityOf = jest.fn((row: Record<string, unknown>) => ({ id: row.id as string, createdAt: new Date(row.createdAt as string) }));

  it('is the text the envelope embeds, and reads its items only when asked', () => {
    const page = new SerializedPage(json, 2, 1, 3, entityOf);
    expect(page).toBeInstanceOf(SerializedJson);
    expect(page.json).toBe(json);
    expect({ page: page.page, limit: page.limit, total: page.total }).toEqual({ page: 2, limit: 1, total: 3 });
    expect(entityOf).not.toHaveBeenCalled();
    expect(page.items).toEqual([{ id: 'a', createdAt: new Date('2026-03-01T08:00:00.000Z') }]);
    expect(page.items).toBe(page.items);
    expect(entityOf).toHaveBeenCalledTimes(1);
  });

  it('serializes as the page it holds', () => {
    expect(JSON.parse(JSON.stringify(new SerializedPage(json, 2, 1, 3, entityOf)))).toEqual(JSON.parse(json));
  });
});
