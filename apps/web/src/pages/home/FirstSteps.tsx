import { Link } from '@storelens/components/link';
import {
  READS,
  useCurrentUser,
  useDigests,
  useRead,
  useReportStatsWhenReady,
} from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { getNewPath } from '@storelens/navigation';
import { useStore } from '../../settings-context';

/** One first step: what to do, where it is done, and whether it is done. */
export interface FirstStep {
  id: 'connect' | 'team' | 'costs' | 'digest';
  title: string;
  doneTitle: string;
  /** Where the step is done: a dashboard path, with the query it opens with. */
  path: string;
  query?: Record<string, string>;
  /** Null while not known yet (its data is loading or could not be read). */
  done: boolean | null;
}

/**
 * Storelens's own first steps, in the order an owner needs them: their shop's numbers, their
 * team, the costs that make profit known, then numbers that come to them. Administrators
 * connect shops and invite users, shop managers fill in costs; others only get the steps they
 * can take.
 */
export function firstSteps(input: {
  isAdministrator: boolean;
  canEditCosts?: boolean;
  connected: boolean;
  users: number | null;
  /** The share of items sold lately whose cost is known (null: not known yet, or none sold). */
  costCoverage?: number | null | undefined;
  digests: number | null;
}): FirstStep[] {
  const steps: FirstStep[] = [];
  if (input.isAdministrator) {
    steps.push(
      {
        id: 'connect',
        title: __('Connect your WooCommerce shop'),
        doneTitle: __('Your shop is connected'),
        path: '/analytics/settings/connections',
        done: input.connected,
      },
      {
        id: 'team',
        title: __('Invite your team'),
        doneTitle: __('Your team is invited'),
        path: '/users',
        done: input.users === null ? null : input.users > 1,
      },
    );
  }
  if (input.canEditCosts) {
    steps.push({
      id: 'costs',
      title: __('Fill in missing costs'),
      doneTitle: __('Costs are known for everything sold lately'),
      // The Products report with the products without a cost first (as the Profit page links).
      path: '/analytics/products',
      query: { orderby: 'cost_of_goods', order: 'asc' },
      // Nothing sold lately (a null coverage once loaded) leaves nothing to fill in.
      done: input.costCoverage === undefined ? null : (input.costCoverage ?? 1) >= 1,
    });
  }
  steps.push({
    id: 'digest',
    title: __('Get your numbers by e-mail every morning'),
    doneTitle: __('You get a digest'),
    path: '/analytics/settings/notifications',
    done: input.digests === null ? null : input.digests > 0,
  });
  return steps;
}

/** The "missing costs" step looks at what was sold in these last days. */
const COST_STEP_DAYS = 30;

/** The start of the day `days` days ago, as the reports' `after` (a day more or less is fine). */
function daysAgo(days: number): string {
  return `${new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)}T00:00:00`;
}

/** Home's "Get started" card: each step links to where it is done, and says when it is. */
export function FirstSteps() {
  const { settings } = useStore();
  const { can } = useCurrentUser();
  const isAdministrator = can('manage_options');
  const users = useRead(READS.users, isAdministrator ? { per_page: 2 } : null);
  const canEditCosts = can('manage_woocommerce');
  const digests = useDigests();
  const recent = useReportStatsWhenReady(
    'revenue',
    canEditCosts
      ? { after: daysAgo(COST_STEP_DAYS), interval: 'year', fields: ['cost_coverage'] }
      : null,
  );
  const coverage = recent.data?.totals?.cost_coverage;
  const steps = firstSteps({
    isAdministrator,
    canEditCosts,
    connected: Boolean(settings.connectedShop),
    users: users.hasData && users.data ? users.data.length : null,
    costCoverage: recent.data ? (typeof coverage === 'number' ? coverage : null) : undefined,
    digests: digests.total,
  });
  const left = steps.filter((s) => s.done !== true).length;
  return (
    <section className="sl-card sl-first-steps" aria-labelledby="first-steps-title">
      <h2 id="first-steps-title">{__('Get started with Storelens')}</h2>
      <p className="sl-settings__help">
        {left === 0
          ? __('All set: your shop, your team, your costs and your morning digest.')
          : sprintf(__('%1$d of %2$d steps left.'), left, steps.length)}
      </p>
      {(users.error || recent.error) && (
        <p className="sl-notice--error" role="alert">
          {__('Whether some steps are done could not be checked: they are shown as still to do.')}
        </p>
      )}
      <ol className="sl-first-steps__list">
        {steps.map((step) => (
          <li key={step.id} className={step.done ? 'is-done' : undefined}>
            {step.done ? (
              <>
                <span className="sl-first-steps__mark" aria-hidden="true">
                  ✓
                </span>{' '}
                {step.doneTitle}
              </>
            ) : (
              <Link href={getNewPath(step.query ?? {}, step.path, {})}>
                <strong>{step.title}</strong>
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
