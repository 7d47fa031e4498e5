import { checkNumber, NUMBER_PLANS, plansWithSetting } from './number-plans';

describe('operator number plans', () => {
  it('knows Cameroon’s MTN and Orange blocks of the 2014 nine-digit plan', () => {
    expect(checkNumber('+237677123456', 'mtn_momo')).toEqual({ ok: true, country: 'CM', operator: 'mtn_momo', national: '677123456', msisdn: '237677123456' });
    expect(checkNumber('+237652000000', 'mtn_momo')).toMatchObject({ ok: true });
    expect(checkNumber('+237690000001', 'orange_money')).toMatchObject({ ok: true, national: '690000001' });
    expect(checkNumber('+237690000001', 'mtn_momo')).toEqual({ ok: false, reason: 'other_operator', operator: 'orange_money' });
    expect(checkNumber('+237677123456', 'orange_money')).toEqual({ ok: false, reason: 'other_operator', operator: 'mtn_momo' });
    expect(checkNumber('+237660000000', 'mtn_momo')).toEqual({ ok: false, reason: 'no_operator' }); // Nexttel's 66
    expect(checkNumber('+23767712345', 'mtn_momo')).toEqual({ ok: false, reason: 'bad_length' });
    expect(checkNumber('+33612345678', 'mtn_momo')).toEqual({ ok: false, reason: 'unknown_country' });
  });

  it('reads a range prefix digit by digit: 650–654 are MTN’s, 655 is not', () => {
    expect(checkNumber('+237654999999', 'mtn_momo').ok).toBe(true);
    expect(checkNumber('+237655000000', 'mtn_momo')).toMatchObject({ ok: false, operator: 'orange_money' });
  });

  it('knows Côte d’Ivoire’s ten-digit numbers, marked uncertain', () => {
    expect(checkNumber('+2250501020304', 'mtn_momo')).toMatchObject({ ok: true, country: 'CI' });
    expect(checkNumber('+2250701020304', 'orange_money')).toMatchObject({ ok: true });
    expect(NUMBER_PLANS.CI.rules.every((rule) => rule.certainty === 'uncertain')).toBe(true);
  });

  it('replaces a country’s plan by the setting, and refuses a setting it cannot read', () => {
    const plans = plansWithSetting('CM:mtn_momo=67,650-654;orange_money=69,655-659,620');
    expect(checkNumber('+237620000000', 'orange_money', plans).ok).toBe(true);
    expect(checkNumber('+237680000000', 'mtn_momo', plans)).toEqual({ ok: false, reason: 'no_operator' });
    expect(plans.CI).toBe(NUMBER_PLANS.CI);
    expect(plansWithSetting('')).toBe(NUMBER_PLANS);
    expect(() => plansWithSetting('XX:mtn_momo=1')).toThrow('country');
    expect(() => plansWithSetting('CM:wave=77')).toThrow('unknown operator');
    expect(() => plansWithSetting('CM:mtn_momo=6a')).toThrow('neither digits');
    expect(() => plansWithSetting('CM:mtn_momo=659-650')).toThrow('neither digits');
  });
});
