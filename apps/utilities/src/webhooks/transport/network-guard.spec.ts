import { buildErrorEnvelope, PlatformException } from '@platform/pipeline';
import { addressRefusal, allowedNetworkList, checkEndpointUrl, EndpointUrlSettings, isAllowListed, RefusedNetwork } from './network-guard';

const NONE = '';
const LOOPBACK = '127.0.0.0/8,::1/128';

describe('addressRefusal', () => {
  // each range: addresses inside it (its edges among them), and the addresses just outside it
  const ranges: Array<{ cidr: string; network: RefusedNetwork; inside: string[]; outside: string[] }> = [
    { cidr: '0.0.0.0/8', network: 'unspecified', inside: ['0.0.0.0', '0.255.255.255'], outside: ['1.0.0.0'] },
    { cidr: '10.0.0.0/8', network: 'private-network', inside: ['10.0.0.0', '10.0.0.1', '10.255.255.255'], outside: ['9.255.255.255', '11.0.0.0'] },
    { cidr: '100.64.0.0/10', network: 'carrier-grade-nat', inside: ['100.64.0.0', '100.127.255.255'], outside: ['100.63.255.255', '100.128.0.0'] },
    { cidr: '127.0.0.0/8', network: 'loopback', inside: ['127.0.0.1', '127.0.0.0', '127.255.255.255'], outside: ['126.255.255.255', '128.0.0.0'] },
    {
      cidr: '169.254.0.0/16',
      network: 'link-local',
      inside: ['169.254.0.0', '169.254.169.253', '169.254.255.255'],
      outside: ['169.253.255.255', '169.255.0.0'],
    },
    { cidr: '172.16.0.0/12', network: 'private-network', inside: ['172.16.0.0', '172.31.255.255'], outside: ['172.15.255.255', '172.32.0.0'] },
    { cidr: '192.0.0.0/24', network: 'reserved', inside: ['192.0.0.0', '192.0.0.255'], outside: ['191.255.255.255', '192.0.1.0'] },
    { cidr: '192.0.2.0/24', network: 'documentation', inside: ['192.0.2.0', '192.0.2.255'], outside: ['192.0.1.255', '192.0.3.0'] },
    { cidr: '192.88.99.0/24', network: 'reserved', inside: ['192.88.99.1'], outside: ['192.88.98.255', '192.88.100.0'] },
    {
      cidr: '192.168.0.0/16',
      network: 'private-network',
      inside: ['192.168.0.0', '192.168.1.1', '192.168.255.255'],
      outside: ['192.167.255.255', '192.169.0.0'],
    },
    { cidr: '198.18.0.0/15', network: 'reserved', inside: ['198.18.0.0', '198.19.255.255'], outside: ['198.17.255.255', '198.20.0.0'] },
    { cidr: '198.51.100.0/24', network: 'documentation', inside: ['198.51.100.7'], outside: ['198.51.99.255', '198.51.101.0'] },
    { cidr: '203.0.113.0/24', network: 'documentation', inside: ['203.0.113.9'], outside: ['203.0.112.255', '203.0.114.0'] },
    { cidr: '224.0.0.0/4', network: 'multicast', inside: ['224.0.0.0', '224.0.0.251', '239.255.255.255'], outside: ['223.255.255.255'] },
    { cidr: '240.0.0.0/4', network: 'reserved', inside: ['240.0.0.0', '255.255.255.254'], outside: [] }, // multicast below, broadcast at its top
    { cidr: '::/128', network: 'unspecified', inside: ['::'], outside: [] },
    { cidr: '::1/128', network: 'loopback', inside: ['::1', '0:0:0:0:0:0:0:1'], outside: [] },
    { cidr: 'fc00::/7', network: 'private-network', inside: ['fc00::', 'fd12:3456::1', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], outside: [] },
    { cidr: 'fe80::/10', network: 'link-local', inside: ['fe80::', 'fe80::1', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], outside: [] },
    { cidr: 'fec0::/10', network: 'private-network', inside: ['fec0::1'], outside: [] },
    { cidr: 'ff00::/8', network: 'multicast', inside: ['ff02::1', 'ff0e::101', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], outside: [] },
    {
      cidr: '2001:db8::/32',
      network: 'documentation',
      inside: ['2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'],
      outside: ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db9::'],
    },
    {
      cidr: '3fff::/20',
      network: 'documentation',
      inside: ['3fff::1', '3fff:fff:ffff::1'],
      outside: ['3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '3fff:1000::'],
    },
    // Teredo (2001::/32) among them, here with a public server and client (8.8.8.8, its bits inverted)
    {
      cidr: '2001::/23',
      network: 'reserved',
      inside: ['2001:1::1', '2001:0:4136:e378:8000:63bf:f7f7:f7f7', '2001:1ff:ffff::1'],
      outside: ['2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '2001:200::1'],
    },
  ];

  describe.each(ranges)('$cidr', ({ cidr, network, inside, outside }) => {
    it(`refuses the addresses inside it as ${network}`, () => {
      for (const address of inside) expect([address, addressRefusal(address, NONE)]).toEqual([address, network]);
    });

    if (outside.length) {
      it('lets the addresses just outside it through', () => {
        for (const address of outside) expect([address, addressRefusal(address, NONE)]).toEqual([address, null]);
      });
    }

    it('lets the addresses inside it through when WEBHOOK_ALLOWED_NETWORKS lists it', () => {
      for (const address of inside) expect([address, addressRefusal(address, `192.0.2.0/24, ${cidr}`)]).toEqual([address, null]);
    });
  });

  it('names the cloud metadata addresses, even inside a range that has a name', () => {
    for (const address of ['169.254.169.254', '100.100.100.200', '192.0.0.192', 'fd00:ec2::254', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe']) {
      expect([address, addressRefusal(address, NONE)]).toEqual([address, 'metadata']);
    }
    expect(addressRefusal('fd00:ec2::253', NONE)).toBe('private-network');
  });

  it('calls the limited broadcast address broadcast', () => {
    expect(addressRefusal('255.255.255.255', NONE)).toBe('broadcast');
  });

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.215.14', '2606:4700:4700::1111', '2a00:1450:4007:80e::200e', '2000::1']) {
      expect([address, addressRefusal(address, NONE)]).toEqual([address, null]);
    }
  });

  it('refuses IPv6 outside global unicast (2000::/3) that no named range covers', () => {
    for (const address of ['1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '4000::1', '100::1', '64:ff9b:1::808:808', '::808:808', '::ffff:0:808:808', 'e000::1']) {
      expect([address, addressRefusal(address, NONE)]).toEqual([address, 'reserved']);
    }
  });

  describe('IPv6 addresses carrying an IPv4 address', () => {
    it('judges IPv4-mapped addresses, in either notation, by their IPv4 address', () => {
      expect(addressRefusal('::ffff:127.0.0.1', NONE)).toBe('loopback');
      expect(addressRefusal('::ffff:7f00:1', NONE)).toBe('loopback');
      expect(addressRefusal('0:0:0:0:0:ffff:7f00:0001', NONE)).toBe('loopback');
      expect(addressRefusal('::ffff:10.0.0.1', NONE)).toBe('private-network');
      expect(addressRefusal('::ffff:c0a8:101', NONE)).toBe('private-network');
      expect(addressRefusal('::ffff:0.0.0.0', NONE)).toBe('unspecified');
      expect(addressRefusal('::ffff:8.8.8.8', NONE)).toBeNull();
    });

    it('judges NAT64 (64:ff9b::/96) addresses by their IPv4 address', () => {
      expect(addressRefusal('64:ff9b::127.0.0.1', NONE)).toBe('loopback');
      expect(addressRefusal('64:ff9b::a9fe:a9fe', NONE)).toBe('metadata');
      expect(addressRefusal('64:ff9b::ac10:1', NONE)).toBe('private-network');
      expect(addressRefusal('64:ff9b::808:808', NONE)).toBeNull();
    });

    it('judges 6to4 (2002::/16) addresses by their IPv4 address', () => {
      expect(addressRefusal('2002:7f00:1::1', NONE)).toBe('loopback');
      expect(addressRefusal('2002:a00:1::', NONE)).toBe('private-network');
      expect(addressRefusal('2002:a9fe:a9fe::1', NONE)).toBe('metadata');
      expect(addressRefusal('2002:808:808::1', NONE)).toBeNull();
    });

    it('refuses Teredo (2001::/32) addresses by their server or client IPv4 address (the client’s bits inverted), or as reserved', () => {
      expect(addressRefusal('2001:0:7f00:1::', NONE)).toBe('loopback');
      expect(addressRefusal('2001:0:4136:e378:8000:63bf:80ff:fffe', NONE)).toBe('loopback'); // client 127.0.0.1
      expect(addressRefusal('2001:0:4136:e378:8000:63bf:f5ff:fffe', NONE)).toBe('private-network'); // client 10.0.0.1
      expect(addressRefusal('2001:0:4136:e378:8000:63bf:f7f7:f7f7', NONE)).toBe('reserved');
    });

    it('refuses IPv4-compatible (::a.b.c.d) and IPv4-translated (::ffff:0:a.b.c.d) addresses by their IPv4 address, or as reserved', () => {
      expect(addressRefusal('::7f00:1', NONE)).toBe('loopback');
      expect(addressRefusal('::a00:1', NONE)).toBe('private-network');
      expect(addressRefusal('::ffff:0:7f00:1', NONE)).toBe('loopback');
      expect(addressRefusal('::ffff:0:a9fe:a9fe', NONE)).toBe('metadata');
      // ipaddr.js reads this IPv4-compatible notation as IPv4-mapped: refused all the same
      expect(addressRefusal('::127.0.0.1', NONE)).toBe('loopback');
      // IPv6's own unspecified and loopback addresses are themselves, not IPv4-compatible ones
      expect(addressRefusal('::', NONE)).toBe('unspecified');
      expect(addressRefusal('::1', NONE)).toBe('loopback');
      expect(addressRefusal('::1', LOOPBACK)).toBeNull();
    });

    it('lets the IPv4 address inside refuse, never allow: an allow-listed loopback or network does not open its other forms', () => {
      const forms = [
        '::ffff:7f00:1',
        '::ffff:127.0.0.1',
        '64:ff9b::7f00:1',
        '2002:7f00:1::1',
        '2001:0:7f00:1::',
        '2001:0:4136:e378:8000:63bf:80ff:fffe',
        '::7f00:1',
        '::ffff:0:7f00:1',
      ];
      for (const address of forms) expect([address, addressRefusal(address, LOOPBACK)]).toEqual([address, 'loopback']);
      expect(addressRefusal('64:ff9b::a00:1', '10.0.0.0/8')).toBe('private-network');
      expect(addressRefusal('2002:a00:1::1', '10.0.0.0/8')).toBe('private-network');
      // allow-listing the IPv6 form itself does not open it either
      expect(addressRefusal('64:ff9b::7f00:1', '64:ff9b::/96')).toBe('loopback');
      expect(addressRefusal('64:ff9b::808:808', '64:ff9b::/96')).toBeNull();
      // local-use NAT64 (64:ff9b:1::/48) translates inside a network of its own: refused, unless allow-listed
      expect(addressRefusal('64:ff9b:1::7f00:1', LOOPBACK)).toBe('reserved');
      expect(addressRefusal('64:ff9b:1:7f00:1::', LOOPBACK)).toBe('reserved');
      expect(addressRefusal('64:ff9b:1::808:808', '64:ff9b:1::/48')).toBeNull();
    });
  });

  it('lets through only what the allow-list holds, each family by its own networks', () => {
    expect(addressRefusal('10.1.5.5', '10.1.0.0/16')).toBeNull();
    expect(addressRefusal('10.2.0.1', '10.1.0.0/16')).toBe('private-network');
    expect(addressRefusal('127.0.0.1', '::1/128')).toBe('loopback');
    expect(addressRefusal('::1', '127.0.0.0/8')).toBe('loopback');
    expect(addressRefusal('172.16.0.1', LOOPBACK)).toBe('private-network');
    expect(isAllowListed('127.0.0.1', LOOPBACK)).toBe(true);
    expect(isAllowListed('::ffff:127.0.0.1', LOOPBACK)).toBe(false);
    expect(isAllowListed('8.8.8.8', LOOPBACK)).toBe(false);
  });

  it('refuses what is not an address', () => {
    expect(addressRefusal('localhost', NONE)).toBe('reserved');
    expect(addressRefusal('', NONE)).toBe('reserved');
  });

  it('reads the setting as comma-separated CIDRs and refuses anything else', () => {
    expect(allowedNetworkList(' 127.0.0.0/8 , ::1/128 ,')).toHaveLength(2);
    expect(allowedNetworkList('')).toEqual([]);
    expect(() => allowedNetworkList('127.0.0.1')).toThrow('WEBHOOK_ALLOWED_NETWORKS: 127.0.0.1 is not a network in CIDR notation');
    expect(() => allowedNetworkList('10/8')).toThrow(/10\/8 is not a network/);
  });
});

describe('checkEndpointUrl', () => {
  const sandbox: EndpointUrlSettings = { PLATFORM_ENVIRONMENT: 'sandbox', WEBHOOK_ALLOWED_NETWORKS: NONE };
  const production: EndpointUrlSettings = { PLATFORM_ENVIRONMENT: 'production', WEBHOOK_ALLOWED_NETWORKS: NONE };

  async function refusal(url: string, env: EndpointUrlSettings) {
    try {
      await checkEndpointUrl(url, env);
    } catch (error) {
      expect(error).toBeInstanceOf(PlatformException);
      const { code, status, options } = error as PlatformException;
      return { code, status, reason: options.reason, details: options.details };
    }
    return null;
  }

  it('takes a public https URL anywhere, and http in the sandbox only', async () => {
    expect(await refusal('https://8.8.8.8/hooks?source=platform', production)).toBeNull();
    expect(await refusal('https://[2606:4700:4700::1111]:8443/hooks', production)).toBeNull();
    expect(await refusal('http://8.8.8.8/hooks', sandbox)).toBeNull();
    expect(await refusal('http://8.8.8.8/hooks', production)).toEqual({
      code: 'WEBHOOK_URL_FORBIDDEN',
      status: 400,
      reason: 'notHttps',
      details: { reason: 'not-https' },
    });
  });

  it('takes http in production only towards hosts whose every address is allow-listed', async () => {
    const trusted = { ...production, WEBHOOK_ALLOWED_NETWORKS: LOOPBACK };
    expect(await refusal('http://127.0.0.1:8080/hooks', trusted)).toBeNull();
    expect(await refusal('http://localhost:8080/hooks', trusted)).toBeNull();
    expect((await refusal('http://8.8.8.8/hooks', trusted))?.details).toEqual({ reason: 'not-https' });
    expect((await refusal('http://10.0.0.1/hooks', trusted))?.details).toEqual({ reason: 'private-network', address: '10.0.0.1' });
  });

  it('refuses a URL longer than 2048 characters', async () => {
    const url = `https://8.8.8.8/${'a'.repeat(2048 - 'https://8.8.8.8/'.length)}`;
    expect(await refusal(url, sandbox)).toBeNull();
    expect(await refusal(`${url}a`, sandbox)).toEqual({
      code: 'WEBHOOK_URL_FORBIDDEN',
      status: 400,
      reason: 'tooLong',
      details: { reason: 'too-long', maxLength: 2048 },
    });
  });

  it('refuses what is not an absolute http(s) URL with a host', async () => {
    for (const url of [
      '',
      'not a url',
      '/hooks',
      'ftp://8.8.8.8/hooks',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'mailto:ops@example.com',
      'https://',
      'gopher://8.8.8.8:25/',
    ]) {
      expect([url, (await refusal(url, sandbox))?.details]).toEqual([url, { reason: 'invalid-url' }]);
    }
  });

  it('refuses user names and passwords in the URL', async () => {
    for (const url of ['https://user:pass@8.8.8.8/hooks', 'https://user@8.8.8.8/hooks', 'https://:pass@8.8.8.8/hooks']) {
      expect([url, await refusal(url, sandbox)]).toEqual([
        url,
        { code: 'WEBHOOK_URL_FORBIDDEN', status: 400, reason: 'credentials', details: { reason: 'credentials' } },
      ]);
    }
  });

  it('refuses hosts on refused networks, however the address is written', async () => {
    const cases: Array<[string, string, string]> = [
      ['https://10.0.0.1/hooks', 'private-network', '10.0.0.1'],
      ['https://169.254.169.254/latest/meta-data/', 'metadata', '169.254.169.254'],
      ['https://[::1]/hooks', 'loopback', '::1'],
      ['https://[::ffff:127.0.0.1]/hooks', 'loopback', '::ffff:7f00:1'],
      ['https://[::ffff:7f00:1]/hooks', 'loopback', '::ffff:7f00:1'],
      ['https://[fd00:ec2::254]/', 'metadata', 'fd00:ec2::254'],
      ['https://0x7f.1/hooks', 'loopback', '127.0.0.1'], // the URL parser reads every IPv4 notation
      ['https://2130706433/hooks', 'loopback', '127.0.0.1'],
      ['https://0177.0.0.1/hooks', 'loopback', '127.0.0.1'],
      ['https://0/hooks', 'unspecified', '0.0.0.0'],
      ['https://localhost/hooks', 'loopback', '127.0.0.1'],
      ['https://LOCALHOST/hooks', 'loopback', '127.0.0.1'],
      ['https://[::7f00:1]/hooks', 'loopback', '::7f00:1'],
      ['https://[64:ff9b::7f00:1]/hooks', 'loopback', '64:ff9b::7f00:1'],
      ['https://[2002:a00:1::1]/hooks', 'private-network', '2002:a00:1::1'],
    ];
    for (const [url, network, address] of cases) {
      expect([url, await refusal(url, sandbox)]).toEqual([
        url,
        { code: 'WEBHOOK_URL_FORBIDDEN', status: 400, reason: 'refusedAddress', details: { reason: network, address } },
      ]);
    }
  });

  it('takes loopback hosts once WEBHOOK_ALLOWED_NETWORKS lists loopback', async () => {
    const suite = { ...sandbox, WEBHOOK_ALLOWED_NETWORKS: LOOPBACK };
    expect(await refusal('http://localhost:3000/hooks', suite)).toBeNull();
    expect(await refusal('http://[::1]:3000/hooks', suite)).toBeNull();
    // their other forms stay refused: the loopback trusted is the host's own
    for (const host of ['[::ffff:7f00:1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::1]']) {
      expect([host, (await refusal(`http://${host}:3000/hooks`, suite))?.details]).toEqual([host, { reason: 'loopback', address: host.slice(1, -1) }]);
    }
    expect((await refusal('http://192.168.1.10/hooks', suite))?.details).toEqual({ reason: 'private-network', address: '192.168.1.10' });
  });

  it('says in English and French which rule refused the URL', async () => {
    const envelope = async (url: string, language: 'en' | 'fr', env = sandbox) => {
      const error = await checkEndpointUrl(url, env).catch((e: PlatformException) => e);
      return buildErrorEnvelope(error as PlatformException, language);
    };
    expect(await envelope('https://10.0.0.1/hooks', 'en')).toMatchObject({
      success: false,
      statusCode: 400,
      code: 'WEBHOOK_URL_FORBIDDEN',
      message: 'The endpoint URL leads to 10.0.0.1, an address webhook deliveries may not reach (private-network).',
      details: { reason: 'private-network', address: '10.0.0.1' },
    });
    expect((await envelope('https://10.0.0.1/hooks', 'fr')).message).toBe(
      'L’URL du point de terminaison mène à 10.0.0.1, une adresse que les livraisons de webhooks ne peuvent pas atteindre (private-network).',
    );
    expect((await envelope(`https://8.8.8.8/${'a'.repeat(2100)}`, 'fr')).message).toBe('L’URL du point de terminaison dépasse 2048 caractères.');
    expect((await envelope('https://no-such-host.invalid/', 'en')).message).toBe(
      'The host no-such-host.invalid of the endpoint URL does not resolve to any address.',
    );
    expect((await envelope('http://8.8.8.8/', 'fr', production)).message).toBe('Les URL de points de terminaison doivent utiliser HTTPS en production.');
  });

  it('refuses a host that does not resolve', async () => {
    expect(await refusal('https://no-such-host.invalid/hooks', sandbox)).toEqual({
      code: 'WEBHOOK_URL_FORBIDDEN',
      status: 400,
      reason: 'unresolvable',
      details: { reason: 'unresolvable', host: 'no-such-host.invalid' },
    });
  });
});
