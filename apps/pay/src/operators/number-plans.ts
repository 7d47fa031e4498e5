/**
 * Which operator a mobile number belongs to, by its prefix, per country: a payout to an MTN
 * account must go to an MTN number before any money is held. The plans are data with their
 * source and date; an entry marked uncertain is one no regulator's text we hold confirms, and
 * the `OPERATOR_NUMBER_PREFIXES` setting replaces a country's plan without a release
 * (`CM:mtn_momo=67,650-654,68;orange_money=69,655-659`).
 */

export type Operator = 'mtn_momo' | 'orange_money';

export interface PrefixRule {
  /** Leading digits of the national number, or a range of them of equal length (`650-654`). */
  prefix: string;
  operator: Operator;
  certainty: 'verified' | 'uncertain';
  source: string;
}

export interface NumberPlan {
  country: string;
  callingCode: string;
  /** Digits of a national (significant) number. */
  nationalLength: number;
  rules: PrefixRule[];
}

const CM_ITU = "ITU Operational Bulletin, Cameroon's national numbering plan (ART communication of 6.X.2014), in force 21 November 2014";
const CI_ARTCI = "ARTCI, Côte d'Ivoire's ten-digit plan (31 January 2021): 01 Moov, 05 MTN, 07 Orange; not in our research notes";

export const NUMBER_PLANS: Record<string, NumberPlan> = {
  CM: {
    country: 'CM',
    callingCode: '237',
    nationalLength: 9,
    rules: [
      { prefix: '67', operator: 'mtn_momo', certainty: 'verified', source: CM_ITU },
      { prefix: '650-654', operator: 'mtn_momo', certainty: 'verified', source: CM_ITU },
      { prefix: '680-684', operator: 'mtn_momo', certainty: 'uncertain', source: 'reported in use by MTN Cameroon; no regulator text held' },
      { prefix: '69', operator: 'orange_money', certainty: 'verified', source: CM_ITU },
      {
        prefix: '655-659',
        operator: 'orange_money',
        certainty: 'uncertain',
        source: 'reported in use by Orange Cameroon; the 2014 notice we hold stops after 69',
      },
      { prefix: '640', operator: 'orange_money', certainty: 'uncertain', source: 'reported in use by Orange Cameroon; no regulator text held' },
    ],
  },
  CI: {
    country: 'CI',
    callingCode: '225',
    nationalLength: 10,
    rules: [
      { prefix: '05', operator: 'mtn_momo', certainty: 'uncertain', source: CI_ARTCI },
      { prefix: '07', operator: 'orange_money', certainty: 'uncertain', source: CI_ARTCI },
    ],
  },
};

function matches(rule: PrefixRule, national: string): boolean {
  const range = /^(\d+)-(\d+)$/.exec(rule.prefix);
  if (!range) return national.startsWith(rule.prefix);
  const head = national.slice(0, range[1].length);
  return head >= range[1] && head <= range[2];
}

export type NumberCheck =
  | { ok: true; country: string; operator: Operator; national: string; msisdn: string }
  | { ok: false; reason: 'unknown_country' | 'bad_length' | 'other_operator' | 'no_operator'; operator?: Operator };

/**
 * Whether an E.164 number (`+237677…`) is `operator`'s in a country we know. `msisdn` is the
 * number as MTN takes it (E.164 without +), `national` as Orange Cameroon takes it.
 */
export function checkNumber(e164: string, operator: Operator, plans: Record<string, NumberPlan> = NUMBER_PLANS): NumberCheck {
  const digits = e164.replace(/^\+/, '');
  const plan = Object.values(plans).find((p) => digits.startsWith(p.callingCode));
  if (!plan) return { ok: false, reason: 'unknown_country' };
  const national = digits.slice(plan.callingCode.length);
  if (national.length !== plan.nationalLength || !/^\d+$/.test(national)) return { ok: false, reason: 'bad_length' };
  const rule = plan.rules.find((r) => matches(r, national));
  if (!rule) return { ok: false, reason: 'no_operator' };
  if (rule.operator !== operator) return { ok: false, reason: 'other_operator', operator: rule.operator };
  return { ok: true, country: plan.country, operator, national, msisdn: digits };
}

/**
 * The plans with the setting's replacements: `CC:operator=prefix,prefix;operator=…` entries
 * separated by `|`. A replaced country's rules are the setting's alone, marked as set by it.
 */
export function plansWithSetting(setting: string | undefined, base: Record<string, NumberPlan> = NUMBER_PLANS): Record<string, NumberPlan> {
  if (!setting?.trim()) return base;
  const plans = { ...base };
  for (const entry of setting
    .split('|')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([A-Z]{2}):(.+)$/.exec(entry);
    const plan = match && base[match[1]];
    if (!match || !plan)
      throw new Error(`OPERATOR_NUMBER_PREFIXES: "${entry}" must start with a country we hold (${Object.keys(base).join(', ')}) and a colon`);
    const rules: PrefixRule[] = [];
    for (const part of match[2]
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [operator, prefixes = ''] = part.split('=');
      if (operator !== 'mtn_momo' && operator !== 'orange_money')
        throw new Error(`OPERATOR_NUMBER_PREFIXES: unknown operator "${operator}" (mtn_momo, orange_money)`);
      for (const prefix of prefixes
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const range = /^(\d+)-(\d+)$/.exec(prefix);
        if (!/^\d+$/.test(prefix) && !(range && range[1].length === range[2].length && range[1] <= range[2])) {
          throw new Error(`OPERATOR_NUMBER_PREFIXES: "${prefix}" is neither digits nor a range of digits of equal length`);
        }
        rules.push({ prefix, operator, certainty: 'verified', source: 'the OPERATOR_NUMBER_PREFIXES setting' });
      }
    }
    plans[plan.country] = { ...plan, rules };
  }
  return plans;
}
