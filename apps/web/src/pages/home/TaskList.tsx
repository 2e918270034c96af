import type { ProductTemplate, TasksStatus } from '@storelens/api';
import { EllipsisMenu, Link, MenuItem, VISUALLY_HIDDEN } from '@storelens/components';
import {
  isApiError,
  type PaymentMethod,
  type ProfileItems,
  useOnboarding,
  useOptions,
  usePlugins,
} from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { getHistory, getNewPath } from '@storelens/navigation';
import { useEffect, useId, useState } from 'react';
import { useNotices } from '../../shell/notices';

/** The option that hides the setup task list. */
export const TASK_LIST_HIDDEN = 'woocommerce_task_list_hidden';

/** One setup task: its id, titles, and whether it is done from the task status and profile. */
export interface SetupTask {
  id: string;
  title: string;
  doneTitle: string;
  time: string;
  done: boolean;
}

/** The setup tasks and which are done. */
export function setupTasks(
  status: Partial<TasksStatus>,
  profile: Partial<ProfileItems>,
): SetupTask[] {
  return [
    {
      id: 'store_details',
      title: __('Store details'),
      doneTitle: __('You added store details'),
      time: __('4 minutes'),
      done: profile.completed === true,
    },
    {
      id: 'products',
      title: __('Add my products'),
      doneTitle: __('You added products'),
      time: __('1 minute'),
      done: status.hasProducts === true,
    },
    {
      id: 'payments',
      title: __('Set up payments'),
      doneTitle: __('You set up payments'),
      time: __('2 minutes'),
      done: status.hasPaymentGateway === true,
    },
    {
      id: 'tax',
      title: __('Set up tax'),
      doneTitle: __('You set up tax'),
      time: __('1 minute'),
      done: status.isTaxComplete === true,
    },
    {
      id: 'shipping',
      title: __('Set up shipping'),
      doneTitle: __('You set up shipping'),
      time: __('1 minute'),
      done: Number(status.shippingZonesCount ?? 0) > 0,
    },
    {
      id: 'appearance',
      title: __('Personalize my store'),
      doneTitle: __('You personalized your store'),
      time: __('2 minutes'),
      done: status.isAppearanceComplete === true,
    },
  ];
}

const taskHref = (id: string | null) => getNewPath({ task: id ?? undefined }, '/', {});

/** The "Get ready to start selling" list. */
export function TaskList() {
  const { tasksStatus, profileItems } = useOnboarding();
  const { values, updateOptions } = useOptions([TASK_LIST_HIDDEN]);
  const notice = useNotices();
  const tasks = setupTasks(tasksStatus, profileItems);
  const left = tasks.filter((t) => !t.done).length;
  if (values[TASK_LIST_HIDDEN] === 'yes' || !(TASK_LIST_HIDDEN in values)) return null;

  const hide = async () => {
    const result = await updateOptions({ [TASK_LIST_HIDDEN]: 'yes' });
    if (!result.success) {
      notice(__('The task list could not be hidden.'));
      return;
    }
    notice(__('Task list hidden'), {
      actions: [
        {
          label: __('Undo'),
          onClick: () => {
            void updateOptions({ [TASK_LIST_HIDDEN]: 'no' }).then(
              (r) => r.success || notice(__('The task list could not be shown again.')),
            );
          },
        },
      ],
    });
  };

  return (
    <section className="sl-card sl-tasks" aria-labelledby="task-list-title">
      <div className="sl-card__header">
        <h2 id="task-list-title">
          {__('Get ready to start selling')}{' '}
          <span className="sl-badge">
            {left}
            <span className={VISUALLY_HIDDEN}> {__('tasks left')}</span>
          </span>
        </h2>
        <EllipsisMenu label={__('Task List Options')}>
          <MenuItem onInvoke={() => void hide()}>{__('Hide this')}</MenuItem>
        </EllipsisMenu>
      </div>
      <ol className="sl-tasks__list">
        {tasks.map((t) => (
          <li key={t.id} className={t.done ? 'sl-tasks__task is-done' : 'sl-tasks__task'}>
            <span className="sl-tasks__check" aria-hidden="true">
              {t.done ? '✓' : '○'}
            </span>
            <Link href={taskHref(t.id)}>{t.done ? t.doneTitle : t.title}</Link>
            {t.done ? (
              <span className={VISUALLY_HIDDEN}> {__('(done)')}</span>
            ) : (
              <span className="sl-tasks__time">{t.time}</span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

const INDUSTRIES: [string, string][] = [
  ['fashion-apparel-accessories', __('Fashion, apparel, and accessories')],
  ['health-beauty', __('Health and beauty')],
  ['electronics-computers', __('Electronics and computers')],
  ['food-drink', __('Food and drink')],
  ['home-furniture-garden', __('Home, furniture, and garden')],
  ['education-and-learning', __('Education and learning')],
  ['other', __('Other')],
];
const PRODUCT_TYPES: [string, string][] = [
  ['physical', __('Physical products')],
  ['downloads', __('Downloads')],
  ['subscriptions', __('Subscriptions')],
  ['memberships', __('Memberships')],
  ['bookings', __('Bookings')],
];
const PRODUCT_COUNTS: [string, string][] = [
  ['0', __('I don’t have any products yet')],
  ['1-10', '1 – 10'],
  ['11-100', '11 – 100'],
  ['101-1000', '101 – 1,000'],
  ['1000+', '1,000+'],
];
const VENUES: [string, string][] = [
  ['no', __('No')],
  ['other', __('Yes, on another platform')],
  ['brick-mortar', __('Yes, in person at physical stores and/or events')],
  ['brick-mortar-other', __('Yes, on another platform and in person')],
  ['other-woocommerce', __('Yes, I own a different store powered by WooCommerce')],
];
const REVENUES: [string, string][] = [
  ['none', __('$0 (I’m just getting started)')],
  ['up-to-2500', __('Up to $2,500')],
  ['2500-10000', '$2,500 – $10,000'],
  ['10000-50000', '$10,000 – $50,000'],
  ['50000-250000', '$50,000 – $250,000'],
  ['more-than-250000', __('More than $250,000')],
];

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="sl-settings__row">
      <label className="sl-settings__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{__('Choose…')}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}

function StoreDetailsTask({ onDone }: { onDone: () => void }) {
  const { profileItems, updateProfileItems } = useOnboarding();
  const notice = useNotices();
  const industry = Array.isArray(profileItems.industry)
    ? (profileItems.industry as ({ slug?: string } | string)[]).map((i) =>
        typeof i === 'string' ? i : (i.slug ?? ''),
      )[0]
    : '';
  const [form, setForm] = useState({
    industry: industry ?? '',
    product_types: Array.isArray(profileItems.product_types)
      ? (profileItems.product_types as string[])
      : [],
    product_count: String(profileItems.product_count ?? ''),
    selling_venues: String(profileItems.selling_venues ?? ''),
    revenue: String(profileItems.revenue ?? ''),
  });
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await updateProfileItems({
        industry: form.industry ? [{ slug: form.industry }] : [],
        product_types: form.product_types,
        ...(form.product_count ? { product_count: form.product_count } : {}),
        ...(form.selling_venues ? { selling_venues: form.selling_venues } : {}),
        ...(form.revenue ? { revenue: form.revenue } : {}),
        completed: true,
      } as Partial<ProfileItems>);
      notice(__('Your store details were saved.'));
      onDone();
    } catch (e) {
      notice(
        sprintf(
          __('Your store details could not be saved: %s'),
          isApiError(e) ? e.message : __('unknown error'),
        ),
      );
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Select
        label={__('Industry')}
        value={form.industry}
        options={INDUSTRIES}
        onChange={(v) => setForm({ ...form, industry: v })}
      />
      <fieldset className="sl-settings__row">
        <legend className="sl-settings__label">{__('Product types')}</legend>
        <div className="sl-settings__checkboxes">
          {PRODUCT_TYPES.map(([v, l]) => (
            <label key={v}>
              <input
                type="checkbox"
                checked={form.product_types.includes(v)}
                onChange={(e) =>
                  setForm({
                    ...form,
                    product_types: e.target.checked
                      ? [...form.product_types, v]
                      : form.product_types.filter((t) => t !== v),
                  })
                }
              />{' '}
              {l}
            </label>
          ))}
        </div>
      </fieldset>
      <Select
        label={__('How many products do you plan to display?')}
        value={form.product_count}
        options={PRODUCT_COUNTS}
        onChange={(v) => setForm({ ...form, product_count: v })}
      />
      <Select
        label={__('Currently selling elsewhere?')}
        value={form.selling_venues}
        options={VENUES}
        onChange={(v) => setForm({ ...form, selling_venues: v })}
      />
      <Select
        label={__('Annual revenue')}
        value={form.revenue}
        options={REVENUES}
        onChange={(v) => setForm({ ...form, revenue: v })}
      />
      <button type="submit" className="sl-button sl-button--primary" disabled={saving}>
        {saving ? __('Saving…') : __('Save store details')}
      </button>
    </form>
  );
}

function ProductsTask({ onDone }: { onDone: () => void }) {
  const { createProductFromTemplate, refreshTasksStatus } = useOnboarding();
  const notice = useNotices();
  const [busy, setBusy] = useState(false);
  const templates: [ProductTemplate, string][] = [
    ['physical', __('Physical product')],
    ['digital', __('Digital product')],
    ['variable', __('Variable product')],
  ];
  const create = async (template: ProductTemplate, label: string) => {
    setBusy(true);
    try {
      const { id } = await createProductFromTemplate({ template_name: template });
      notice(sprintf(__('%1$s created as a draft (product #%2$d).'), label, id));
      await refreshTasksStatus();
      onDone();
    } catch (e) {
      notice(
        sprintf(
          __('The product could not be created: %s'),
          isApiError(e) ? e.message : __('unknown error'),
        ),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <p>{__('Start from a template; the product is created as a draft you can finish later.')}</p>
      <div className="sl-settings__buttons">
        {templates.map(([t, l]) => (
          <button
            key={t}
            type="button"
            className="sl-button"
            disabled={busy}
            onClick={() => void create(t, l)}
          >
            {l}
          </button>
        ))}
      </div>
    </div>
  );
}

function PaymentsTask() {
  const { fetchPaymentMethods, refreshTasksStatus } = useOnboarding();
  const plugins = usePlugins();
  const notice = useNotices();
  const [methods, setMethods] = useState<readonly PaymentMethod[] | null>(null);
  const [progress, setProgress] = useState<Record<string, string>>({});
  useEffect(() => {
    fetchPaymentMethods()
      .then(setMethods)
      .catch(() => setMethods([]));
  }, [fetchPaymentMethods]);
  const setUp = async (method: PaymentMethod) => {
    const slugs = [...method.plugins];
    try {
      setProgress((p) => ({ ...p, [method.key]: __('Installing…') }));
      await plugins.installPlugins(slugs);
      setProgress((p) => ({ ...p, [method.key]: __('Activating…') }));
      await plugins.activatePlugins(slugs);
      setProgress((p) => ({ ...p, [method.key]: __('Active') }));
      notice(sprintf(__('%s is installed and active.'), method.title));
      await refreshTasksStatus();
    } catch (e) {
      setProgress((p) => ({ ...p, [method.key]: '' }));
      notice(isApiError(e) ? e.message : __('The plugin could not be set up.'));
    }
  };
  if (methods === null) return <p>{__('Loading the recommended payment methods…')}</p>;
  if (methods.length === 0)
    return <p>{__('No payment methods are recommended for this store.')}</p>;
  return (
    <ul className="sl-activity__list">
      {methods
        .filter((m) => m.is_visible !== false)
        .map((m) => {
          const active = m.plugins.every((s) => plugins.getPluginState(s) === 'activated');
          const step = progress[m.key];
          return (
            <li key={m.key} className="sl-activity__item">
              <p className="sl-activity__heading">{m.title}</p>
              <p>{new DOMParser().parseFromString(m.content, 'text/html').body.textContent}</p>
              {active ? (
                <p>{__('Installed and active')}</p>
              ) : (
                <button
                  type="button"
                  className="sl-button sl-button--primary"
                  disabled={Boolean(step)}
                  aria-busy={Boolean(step) || undefined}
                  onClick={() => void setUp(m)}
                >
                  {step || sprintf(__('Set up %s'), m.title)}
                </button>
              )}
              <span className={VISUALLY_HIDDEN} role="status">
                {step}
              </span>
            </li>
          );
        })}
    </ul>
  );
}

/** A task completed by setting options (tax, shipping, appearance). */
function OptionTask({
  intro,
  button,
  values,
  done,
}: {
  intro: string;
  button: string;
  values: Record<string, unknown>;
  done: string;
}) {
  const { refreshTasksStatus } = useOnboarding();
  const { updateOptions } = useOptions([]);
  const notice = useNotices();
  const [busy, setBusy] = useState(false);
  return (
    <div>
      <p>{intro}</p>
      <button
        type="button"
        className="sl-button sl-button--primary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const result = await updateOptions(values);
          setBusy(false);
          if (!result.success) {
            notice(__('There was a problem updating your settings.'));
            return;
          }
          notice(done);
          await refreshTasksStatus().catch(() => undefined);
        }}
      >
        {button}
      </button>
    </div>
  );
}

/** The screen of one setup task (`?task=<id>`). */
export function TaskScreen({ id }: { id: string }) {
  const { tasksStatus, profileItems } = useOnboarding();
  const task = setupTasks(tasksStatus, profileItems).find((t) => t.id === id);
  const back = () => getHistory().push(taskHref(null));
  if (!task) {
    return (
      <section className="sl-card">
        <h2>{__('Unknown task')}</h2>
        <Link href={taskHref(null)}>{__('Back to Home')}</Link>
      </section>
    );
  }
  return (
    <section className="sl-card sl-task" aria-labelledby="task-title">
      <h2 id="task-title">{task.title}</h2>
      {task.done && <p role="status">{task.doneTitle}</p>}
      {id === 'store_details' && <StoreDetailsTask onDone={back} />}
      {id === 'products' && <ProductsTask onDone={() => undefined} />}
      {id === 'payments' && <PaymentsTask />}
      {id === 'tax' && (
        <OptionTask
          intro={__('Turn on tax calculation so orders charge the tax rates you set.')}
          button={__('Turn on tax calculation')}
          values={{ woocommerce_calc_taxes: 'yes' }}
          done={__('Tax calculation is on.')}
        />
      )}
      {id === 'shipping' && (
        <OptionTask
          intro={__('Add a shipping zone covering everywhere, so customers can check out.')}
          button={__('Add a worldwide shipping zone')}
          values={{ woocommerce_shipping_zones: [{ name: __('Everywhere'), locations: [] }] }}
          done={__('Shipping zone added.')}
        />
      )}
      {id === 'appearance' && (
        <OptionTask
          intro={__('Once your logo, homepage and store notice look right, mark this task done.')}
          button={__('Mark as done')}
          values={{ woocommerce_task_list_appearance_complete: true }}
          done={__('Your store is personalized.')}
        />
      )}
      <p>
        <Link href={taskHref(null)}>{__('Back to Home')}</Link>
      </p>
    </section>
  );
}
