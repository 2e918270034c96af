import { __, sprintf } from '@storelens/i18n';
import { getNewPath, parseQuery, type Query } from '@storelens/navigation';

/** The Customers report's parameters that narrow it to a cohort cell or an RFM group. */
export const NARROWING_PARAMS = [
  'cohort',
  'cohort_interval',
  'cohort_period',
  'cohort_first_product',
  'cohort_first_category',
  'cohort_first_coupon',
  'cohort_first_source',
  'cohort_country',
  'rfm_group',
] as const;

/** The narrowing parameters of the page's query, passed on to the list and its summary. */
export function narrowingQuery(query: Query): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of NARROWING_PARAMS) {
    const v = query[key];
    if (typeof v === 'string' && v !== '') out[key] = v;
  }
  return out;
}

/** Says which cohort cell or group the list shows, with a link to every customer. */
export function NarrowingNotice() {
  const query = parseQuery(window.location.search);
  const n = narrowingQuery(query);
  if (!n.cohort && !n.rfm_group) return null;
  const parts: string[] = [];
  if (n.cohort)
    parts.push(
      n.cohort_period === undefined
        ? sprintf(__('the customers of cohort %s'), n.cohort)
        : sprintf(
            __('the customers of cohort %1$s who ordered in period +%2$s'),
            n.cohort,
            n.cohort_period,
          ),
    );
  if (n.rfm_group) parts.push(sprintf(__('RFM group %s'), n.rfm_group.replace(/_/g, ' ')));
  const clear = Object.fromEntries(NARROWING_PARAMS.map((k) => [k, undefined]));
  return (
    <div role="status" className="sl-notice sl-notice--info sl-report__notice">
      <p>
        {sprintf(__('Showing %s.'), parts.join(', '))}{' '}
        <a className="sl-link" href={getNewPath(clear, '/customers', query)}>
          {__('Show every customer')}
        </a>
      </p>
    </div>
  );
}
