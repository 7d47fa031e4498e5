import { useState } from 'preact/hooks';
import { SERVICES } from '@platform/contracts/service';
import { api, pathSegment, query } from '../api';
import { Alert, Field, Loading, PageTitle, useLoad } from '../components';
import { formats, useI18n } from '../i18n';
import type { OrganizationDetail, Usage } from '../types';

/** The API products, in the order the services are listed everywhere else; each has its colour in styles.css (`.product-<name>`). */
export const PRODUCTS = Object.values(SERVICES).map((service) => service.product);

export function UsagePage({ organizationId }: { organizationId: string }) {
  const { t } = useI18n();
  const organization = useLoad(() => api<OrganizationDetail>('GET', `/account/organizations/${pathSegment(organizationId)}`), [organizationId]);
  return (
    <>
      <PageTitle title={t.usageTitle}>{t.usageTitle}</PageTitle>
      <UsageSection organizationId={organizationId} />
      {organization.data ? <PlanSection organization={organization.data} /> : <Loading error={organization.error} />}
    </>
  );
}

function PlanSection({ organization }: { organization: OrganizationDetail }) {
  const { t, language } = useI18n();
  const format = formats(language);
  const { price } = organization.plan;
  const money = (amount: number) => format.money(amount, price.currency);
  const priceText =
    price.monthlyMin === null || price.monthlyMax === null
      ? t.negotiated
      : price.monthlyMax === 0
        ? t.free
        : price.monthlyMin === price.monthlyMax
          ? t.perMonth(money(price.monthlyMin))
          : t.priceRange(money(price.monthlyMin), money(price.monthlyMax));
  const limits = organization.rateLimits;
  return (
    <section aria-labelledby="plan-title" class="panel">
      <h2 id="plan-title">{t.plan}</h2>
      <dl class="facts">
        <dt>{t.planName}</dt>
        <dd>{organization.plan.name}</dd>
        <dt>{t.environment}</dt>
        <dd>{organization.plan.environment}</dd>
        <dt>{t.price}</dt>
        <dd>{priceText}</dd>
        <dt>{t.burst}</dt>
        <dd>{format.number(limits.burstPerSecond)}</dd>
        <dt>{t.monthlyQuota}</dt>
        <dd>{format.number(limits.monthlyQuota)}</dd>
        <dt>{t.webhookRetries}</dt>
        <dd>{limits.webhookRetries === null ? t.unlimited : format.number(limits.webhookRetries)}</dd>
      </dl>
    </section>
  );
}

function UsageSection({ organizationId }: { organizationId: string }) {
  const { t, language } = useI18n();
  const format = formats(language);
  const [range, setRange] = useState({ from: '', to: '' });
  const [shown, setShown] = useState({ from: '', to: '' });
  const usage = useLoad(async () => {
    const answer = await api<Usage>('GET', `/account/organizations/${pathSegment(organizationId)}/usage${query(shown)}`);
    setRange({ from: answer.from, to: answer.to });
    return answer;
  }, [organizationId, shown.from, shown.to]);
  const data = usage.data;
  return (
    <>
      <section aria-labelledby="chart-title" class="panel">
        <h2 id="chart-title">{t.chartTitle}</h2>
        <form
          class="filters"
          method="get"
          onSubmit={(event) => {
            event.preventDefault();
            setShown({ ...range });
          }}
        >
          <Field label={t.from} type="date" value={range.from} onValue={(from) => setRange({ ...range, from })} optional />
          <Field label={t.to} type="date" value={range.to} onValue={(to) => setRange({ ...range, to })} optional />
          <button type="submit">{t.showPeriod}</button>
        </form>
        {data ? <UsageChart usage={data} /> : usage.error ? <Alert>{usage.error}</Alert> : <Loading />}
      </section>
      <section aria-labelledby="quota-title" class="panel">
        <h2 id="quota-title">{t.quotaTitle}</h2>
        {data ? (
          <>
            <p>{t.quotaPeriod(format.dateTime(data.period.start), format.dateTime(data.period.end))}</p>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t.product}</th>
                  <th scope="col">{t.used}</th>
                  <th scope="col">{t.remaining}</th>
                  <th scope="col">
                    <span class="visually-hidden">{t.quotaTitle}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {PRODUCTS.map((product) => {
                  const quota = data.quota.byProduct[product] ?? { used: 0, remaining: data.quota.monthlyQuotaPerProduct };
                  return (
                    <tr key={product}>
                      <th scope="row">{t.products[product]}</th>
                      <td>{format.number(quota.used)}</td>
                      <td>{format.number(quota.remaining)}</td>
                      <td>
                        <meter
                          min={0}
                          max={data.quota.monthlyQuotaPerProduct}
                          value={data.quota.monthlyQuotaPerProduct - quota.remaining}
                          aria-label={t.quotaUse(t.products[product])}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <h3>{t.retriesTitle}</h3>
            <p>
              {t.retriesLine(
                data.webhookRetries.used,
                data.webhookRetries.included === null ? t.unlimited : format.number(data.webhookRetries.included),
                data.webhookRetries.overage,
              )}
            </p>
          </>
        ) : (
          <Loading error={usage.error && t.usageUnavailable} />
        )}
      </section>
    </>
  );
}

/** Stacked bars, one per UTC day, one colour per product, with the same numbers as a table for those who do not see it. */
export function UsageChart({ usage }: { usage: Usage }) {
  const { t, language } = useI18n();
  const format = formats(language);
  const total = usage.days.reduce((sum, day) => sum + day.total, 0);
  const peak = Math.max(1, ...usage.days.map((day) => day.total));
  const width = 720;
  const height = 220;
  const left = 40;
  const bottom = 24;
  const slot = (width - left) / Math.max(1, usage.days.length);
  const bar = Math.max(2, slot * 0.7);
  const y = (count: number) => ((height - bottom) * count) / peak;
  const labelEvery = Math.ceil(usage.days.length / 8);
  const totals = Object.fromEntries(PRODUCTS.map((product) => [product, usage.days.reduce((sum, day) => sum + (day.byProduct[product] ?? 0), 0)]));
  return (
    <div class="chart">
      <p>{t.chartSummary(total, format.day(usage.from), format.day(usage.to))}</p>
      <ul class="legend" aria-label={t.product}>
        {PRODUCTS.map((product) => (
          <li key={product}>
            <span class={`swatch product-${product}`} aria-hidden="true" />
            {t.products[product]}: <strong>{format.number(totals[product])}</strong>
          </li>
        ))}
      </ul>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t.chartSummary(total, format.day(usage.from), format.day(usage.to))}>
        <line x1={left} y1={height - bottom} x2={width} y2={height - bottom} class="axis" />
        <text x={left - 6} y={10} class="tick" text-anchor="end">
          {format.number(peak)}
        </text>
        <text x={left - 6} y={height - bottom} class="tick" text-anchor="end">
          0
        </text>
        {usage.days.map((day, index) => {
          let top = height - bottom;
          const x = left + index * slot + (slot - bar) / 2;
          return (
            <g key={day.date}>
              <title>{`${format.day(day.date)}: ${day.total}`}</title>
              {PRODUCTS.filter((product) => day.byProduct[product]).map((product) => {
                const size = y(day.byProduct[product]);
                top -= size;
                return <rect key={product} x={x} y={top} width={bar} height={size} class={`product-${product}`} />;
              })}
              {index % labelEvery === 0 ? (
                <text x={x + bar / 2} y={height - 6} class="tick" text-anchor="middle">
                  {day.date.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details>
        <summary>{t.showTable}</summary>
        <table class="usage-table">
          <caption class="visually-hidden">{t.chartTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              {PRODUCTS.map((product) => (
                <th scope="col" key={product}>
                  {t.products[product]}
                </th>
              ))}
              <th scope="col">{t.total}</th>
            </tr>
          </thead>
          <tbody>
            {usage.days
              .slice()
              .reverse()
              .map((day) => (
                <tr key={day.date}>
                  <th scope="row">
                    <time dateTime={day.date}>{format.day(day.date)}</time>
                  </th>
                  {PRODUCTS.map((product) => (
                    <td key={product}>{format.number(day.byProduct[product] ?? 0)}</td>
                  ))}
                  <td>{format.number(day.total)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
