import { ContentInspector, decideContentType } from './content-type';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e2ddb40000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(64)]);
const PE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);

function inspect(...chunks: Buffer[]) {
  const inspector = new ContentInspector();
  for (const chunk of chunks) inspector.update(chunk);
  return inspector.finish();
}

describe('decideContentType', () => {
  it('trusts the bytes, not the declared type', async () => {
    expect(await decideContentType(PNG, false, 'application/pdf')).toEqual({ allowed: true, contentType: 'image/png' });
    expect(await decideContentType(PDF, true, 'text/plain')).toEqual({ allowed: true, contentType: 'application/pdf' });
  });

  it('refuses executables and unknown binaries', async () => {
    expect(await decideContentType(PE, false, 'image/png')).toEqual({ allowed: false, detected: 'application/x-msdownload' });
    expect(await decideContentType(ELF, false, 'image/png')).toEqual({ allowed: false, detected: 'application/octet-stream' });
    expect(await decideContentType(Buffer.from([1, 2, 3, 0, 255]), false)).toEqual({ allowed: false, detected: 'application/octet-stream' });
  });

  it('serves text as text/plain unless a text format was declared; never as HTML', async () => {
    expect(await decideContentType(Buffer.from('a,b\n1,2\n'), true, 'text/csv')).toEqual({ allowed: true, contentType: 'text/csv' });
    expect(await decideContentType(Buffer.from('<script>alert(1)</script>'), true, 'text/html')).toEqual({ allowed: true, contentType: 'text/plain' });
    expect(await decideContentType(Buffer.from('hello'), true)).toEqual({ allowed: true, contentType: 'text/plain' });
  });
});

describe('ContentInspector', () => {
  it('accepts UTF-8 split across chunks and keeps the first bytes', () => {
    const euro = Buffer.from('prix: 5 €');
    const result = inspect(euro.subarray(0, euro.length - 1), euro.subarray(euro.length - 1));
    expect(result).toEqual({ head: euro, isText: true });
  });

  it('is not text with invalid UTF-8, a NUL byte, or a truncated character', () => {
    expect(inspect(Buffer.from([0xc3, 0x28])).isText).toBe(false);
    expect(inspect(Buffer.from('a\u0000b')).isText).toBe(false);
    expect(inspect(Buffer.from('€').subarray(0, 2)).isText).toBe(false);
  });

  it('keeps at most the sniffing window', () => {
    expect(inspect(Buffer.alloc(3000, 97), Buffer.alloc(3000, 97)).head.length).toBe(4100);
  });
});
