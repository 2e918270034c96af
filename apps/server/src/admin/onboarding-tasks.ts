import {
  AdminStatusMessage,
  CoreProfilerCompleteBody,
  type FreeExtensionList,
  FreeExtensionsResponse,
  type OnboardingProductType,
  OnboardingProductTypesResponse,
  OnboardingProfileProgress,
  OnboardingTask,
  OnboardingTaskList,
  OnboardingTaskListsResponse,
  OnboardingTaskParams,
  type PaymentGatewaySuggestion,
  PaymentGatewaySuggestionsDismissResponse,
  PaymentGatewaySuggestionsQuery,
  PaymentGatewaySuggestionsResponse,
  type TasksStatus,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { requires } from '../auth/capability';
import { nowGmt } from '../clock';
import type { Db } from '../db/database';
import { getOptions, setOptions } from '../options';
import type { TypeBoxProvider } from '../route-types';
import { contextAnswers } from './context';
import { adminError } from './errors';
import { paymentMethods, readProfile, tasksStatus } from './onboarding';
import { pluginCatalog } from './plugin-catalog';
import { jetpackConnection, pluginState } from './plugins';

/*
 * The task lists of newer WooCommerce clients (`/wc-admin/onboarding/tasks` and its actions),
 * payment gateway suggestions, free extensions, product types and the profiler's progress.
 * Completion is derived from what the store holds (tasksStatus, the profile, plugins); what the
 * merchant does to a task (dismiss, snooze, action, hide a list) is kept in WooCommerce's own
 * options, so an imported WooCommerce store keeps its state.
 */

export const DISMISSED_OPTION = 'woocommerce_task_list_dismissed_tasks';
export const SNOOZED_OPTION = 'woocommerce_task_list_remind_me_later_tasks';
export const ACTIONED_OPTION = 'woocommerce_task_list_tracked_completed_actions';
export const HIDDEN_LISTS_OPTION = 'woocommerce_task_list_hidden_lists';
const KEEP_COMPLETED_OPTION = 'woocommerce_task_list_keep_completed';
export const SUGGESTIONS_HIDDEN_OPTION = 'woocommerce_setting_payments_recommendations_hidden';
const PROGRESS_OPTION = 'woocommerce_onboarding_profile_progress';

/** A snooze lasts a day, as in WooCommerce. */
export const SNOOZE_MS = 24 * 60 * 60 * 1000;

/** What decides a task: its text, where it leads, and how the store completes it. */
interface TaskSpec {
  id: string;
  title: string;
  content: string;
  actionLabel: string;
  actionUrl: string | null;
  time: string;
  level: 1 | 2 | 3;
  dismissable: boolean;
  snoozeable: boolean;
  complete: (facts: Facts) => boolean;
  canView?: (facts: Facts) => boolean;
}

interface Facts {
  status: TasksStatus;
  profileCompleted: boolean;
  activePlugins: string[];
  jetpackOwned: boolean;
}

const MARKETING = new Set(
  pluginCatalog.filter((p) => p.category === 'marketing').map((p) => p.slug),
);

const LISTS: readonly { id: string; title: string; tasks: readonly TaskSpec[] }[] = [
  {
    id: 'setup',
    title: 'Get ready to start selling',
    tasks: [
      {
        id: 'store_details',
        title: 'Tell us about your business',
        content: 'Your address, industry and what you sell shape the rest of the setup.',
        actionLabel: 'Start',
        actionUrl: '/wp-admin/admin.php?page=wc-admin&path=%2Fsetup-wizard',
        time: '3 minutes',
        level: 1,
        dismissable: false,
        snoozeable: false,
        complete: (f) => f.profileCompleted,
      },
      {
        id: 'products',
        title: 'Add your products',
        content: 'Start by adding the first product to your store.',
        actionLabel: 'Add products',
        actionUrl: '/wp-admin/post-new.php?post_type=product',
        time: '1 minute per product',
        level: 1,
        dismissable: false,
        snoozeable: false,
        complete: (f) => f.status.hasProducts,
      },
      {
        id: 'payments',
        title: 'Get paid',
        content: 'Choose how customers pay you: cards, wallets, bank transfer or cash.',
        actionLabel: 'Set up payments',
        actionUrl: '/wp-admin/admin.php?page=wc-settings&tab=checkout',
        time: '2 minutes',
        level: 1,
        dismissable: false,
        snoozeable: false,
        complete: (f) => f.status.hasPaymentGateway,
      },
      {
        id: 'tax',
        title: 'Collect sales tax',
        content: 'Set your tax rates, or let them be calculated for you.',
        actionLabel: 'Set up tax',
        actionUrl: '/wp-admin/admin.php?page=wc-settings&tab=tax',
        time: '1 minute',
        level: 2,
        dismissable: false,
        snoozeable: false,
        complete: (f) => f.status.isTaxComplete,
      },
      {
        id: 'shipping',
        title: 'Set up shipping',
        content: 'Set the zones you ship to and what shipping costs there.',
        actionLabel: 'Set up shipping',
        actionUrl: '/wp-admin/admin.php?page=wc-settings&tab=shipping',
        time: '1 minute',
        level: 2,
        dismissable: false,
        snoozeable: false,
        complete: (f) => f.status.shippingZonesCount > 0,
        // A store of only virtual products ships nothing.
        canView: (f) => f.status.hasPhysicalProducts || !f.status.hasProducts,
      },
      {
        id: 'appearance',
        title: 'Personalize your store',
        content: 'Add your logo and a homepage so the store looks like yours.',
        actionLabel: 'Personalize',
        actionUrl: '/wp-admin/customize.php',
        time: '2 minutes',
        level: 3,
        dismissable: false,
        snoozeable: false,
        complete: (f) => f.status.isAppearanceComplete,
      },
    ],
  },
  {
    id: 'extended',
    title: 'Things to do next',
    tasks: [
      {
        id: 'marketing',
        title: 'Grow your business',
        content: 'Add a marketing extension to reach more customers.',
        actionLabel: 'Browse extensions',
        actionUrl: '/wp-admin/admin.php?page=wc-admin&path=%2Fmarketing',
        time: '1 minute',
        level: 3,
        dismissable: true,
        snoozeable: true,
        complete: (f) => f.activePlugins.some((p) => MARKETING.has(p)),
      },
      {
        id: 'jetpack',
        title: 'Connect Jetpack',
        content: 'Get security, performance and store stats on your phone.',
        actionLabel: 'Connect',
        actionUrl: '/wp-admin/admin.php?page=wc-admin&path=%2Fsetup-wizard&step=jetpack',
        time: '1 minute',
        level: 3,
        dismissable: true,
        snoozeable: true,
        complete: (f) => f.jetpackOwned,
      },
    ],
  },
];

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The merchant's task state, from WooCommerce's options. */
async function taskState(db: Db) {
  const o = await getOptions(db, [
    DISMISSED_OPTION,
    SNOOZED_OPTION,
    ACTIONED_OPTION,
    HIDDEN_LISTS_OPTION,
    KEEP_COMPLETED_OPTION,
  ]);
  const snoozed = o.get(SNOOZED_OPTION);
  return {
    dismissed: stringList(o.get(DISMISSED_OPTION)),
    snoozed: (snoozed && typeof snoozed === 'object' && !Array.isArray(snoozed)
      ? snoozed
      : {}) as Record<string, number>,
    actioned: stringList(o.get(ACTIONED_OPTION)),
    hidden: stringList(o.get(HIDDEN_LISTS_OPTION)),
    keepCompleted: o.get(KEEP_COMPLETED_OPTION) === 'yes' ? ('yes' as const) : ('no' as const),
  };
}

async function facts(db: Db): Promise<Facts> {
  const [status, profile, plugins, jetpack] = await Promise.all([
    tasksStatus(db),
    readProfile(db),
    pluginState(db),
    jetpackConnection(db),
  ]);
  return {
    status,
    profileCompleted: profile.completed === true,
    activePlugins: plugins.active,
    jetpackOwned: jetpack.hasConnectedOwner,
  };
}

/** Every task list with its tasks' current state. */
export async function taskLists(db: Db, now = Date.now()): Promise<OnboardingTaskList[]> {
  const [f, state] = await Promise.all([facts(db), taskState(db)]);
  return LISTS.map((list) => {
    const tasks = list.tasks.map((spec): OnboardingTask => {
      const until = Number(state.snoozed[spec.id] ?? 0);
      const isSnoozed = spec.snoozeable && until > now;
      const isDismissed = spec.dismissable && state.dismissed.includes(spec.id);
      const canView = spec.canView ? spec.canView(f) : true;
      return {
        id: spec.id,
        parentId: list.id,
        title: spec.title,
        content: spec.content,
        actionLabel: spec.actionLabel,
        actionUrl: spec.actionUrl,
        time: spec.time,
        level: spec.level,
        isComplete: spec.complete(f),
        isVisible: canView && !isDismissed && !isSnoozed,
        isDismissable: spec.dismissable,
        isDismissed,
        isSnoozeable: spec.snoozeable,
        isSnoozed,
        snoozedUntil: isSnoozed ? until : 0,
        isActioned: state.actioned.includes(spec.id),
        isVisited: state.actioned.includes(spec.id),
        isDisabled: false,
        isInProgress: false,
        inProgressLabel: '',
        canView,
        additionalInfo: '',
        eventPrefix: `${list.id}_tasklist_`,
        recordViewEvent: false,
      };
    });
    const isHidden = state.hidden.includes(list.id);
    return {
      id: list.id,
      title: list.title,
      isHidden,
      isVisible: !isHidden,
      isComplete: tasks.filter((t) => t.canView).every((t) => t.isComplete),
      eventPrefix: `${list.id}_tasklist_`,
      displayProgressHeader: list.id === 'setup',
      keepCompletedTaskList: state.keepCompleted,
      tasks,
    };
  });
}

async function findTask(db: Db, id: string): Promise<OnboardingTask> {
  const task = (await taskLists(db)).flatMap((l) => l.tasks).find((t) => t.id === id);
  if (!task) throw adminError('woocommerce_rest_invalid_task');
  return task;
}

async function findList(db: Db, id: string): Promise<OnboardingTaskList> {
  const list = (await taskLists(db)).find((l) => l.id === id);
  if (!list) throw adminError('woocommerce_rest_invalid_task_list');
  return list;
}

/** Adds or removes an id in a list option. */
async function toggleInList(db: Db, option: string, id: string, present: boolean) {
  const current = stringList((await getOptions(db, [option])).get(option));
  const next = present
    ? [...new Set([...current, id])]
    : current.filter((existing) => existing !== id);
  await setOptions(db, { [option]: next });
}

/** Recommended payment gateways in WooCommerce's suggestion shape; none once dismissed. */
export async function paymentGatewaySuggestions(db: Db): Promise<PaymentGatewaySuggestion[]> {
  const hidden = (await getOptions(db, [SUGGESTIONS_HIDDEN_OPTION])).get(SUGGESTIONS_HIDDEN_OPTION);
  if (hidden === 'yes' || hidden === true) return [];
  return (await paymentMethods(db)).map((m) => ({
    id: m.key,
    title: m.title,
    content: m.content,
    image: m.image,
    image_72x72: m.image,
    square_image: m.image,
    plugins: m.plugins,
    is_visible: m.is_visible,
    recommendation_priority: m.recommended_priority,
    // Offline methods are listed apart from the card processors by WooCommerce's client.
    category_other: [],
    category_additional: [],
  }));
}

const EXTENSION_LISTS: readonly { key: string; title: string; category: string }[] = [
  { key: 'payments', title: 'Get paid', category: 'payments' },
  { key: 'marketing', title: 'Reach more customers', category: 'marketing' },
  { key: 'shipping', title: 'Ship your products', category: 'shipping' },
  { key: 'connection', title: 'Keep your store safe and fast', category: 'connection' },
];

/** The catalog's extensions in bundles, with their installed and active state. */
export async function freeExtensions(db: Db): Promise<FreeExtensionList[]> {
  const { installed, active } = await pluginState(db);
  return EXTENSION_LISTS.map((list) => ({
    key: list.key,
    title: list.title,
    plugins: pluginCatalog
      .filter((p) => p.category === list.category)
      .map((p) => ({
        key: p.slug,
        name: p.name,
        description: p.description,
        image_url: '',
        manage_url: '/wp-admin/plugins.php',
        is_built_by_wc: p.slug.startsWith('woocommerce-'),
        is_visible: true,
        is_installed: installed.includes(p.slug),
        is_activated: active.includes(p.slug),
      })),
  }));
}

/** Product types the profiler offers (`product_types` in the profile takes these keys). */
export const PRODUCT_TYPES: Readonly<Record<string, OnboardingProductType>> = {
  physical: {
    label: 'Physical products',
    description: 'Products you ship to your customers.',
    default: true,
  },
  downloads: {
    label: 'Downloads',
    description: 'Files customers download after buying: e-books, music, software.',
  },
  subscriptions: {
    label: 'Subscriptions',
    description: 'Products and services customers pay for again every period.',
  },
  memberships: { label: 'Memberships', description: 'Access to content or perks for members.' },
  bookings: { label: 'Bookings', description: 'Appointments, rooms or rentals booked by date.' },
  'product-bundles': {
    label: 'Bundles',
    description: 'Several products sold together as one.',
  },
  'product-add-ons': {
    label: 'Customizable products',
    description: 'Options customers pick, such as engraving or gift wrap.',
  },
};

/** `/wp-json/wc-admin/onboarding/tasks…`, payment gateway suggestions and the profiler's lists. */
export function onboardingTaskRoutes(app: FastifyInstance, db: Db) {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const base = '/wp-json/wc-admin/onboarding';
  // A task action answers the task; hiding or showing a list answers the list.
  const byId = { schema: { params: OnboardingTaskParams, response: { 200: OnboardingTask } } };
  const listById = {
    schema: { params: OnboardingTaskParams, response: { 200: OnboardingTaskList } },
  };

  routes.get(`${base}/tasks`, contextAnswers(OnboardingTaskListsResponse), async () =>
    taskLists(db),
  );
  routes.post(`${base}/tasks/:id/dismiss`, byId, async (request) => {
    const task = await findTask(db, request.params.id);
    if (!task.isDismissable) throw adminError('woocommerce_rest_task_not_dismissable', task.id);
    await toggleInList(db, DISMISSED_OPTION, task.id, true);
    return findTask(db, task.id);
  });
  routes.post(`${base}/tasks/:id/undo_dismiss`, byId, async (request) => {
    const task = await findTask(db, request.params.id);
    await toggleInList(db, DISMISSED_OPTION, task.id, false);
    return findTask(db, task.id);
  });
  routes.post(`${base}/tasks/:id/snooze`, byId, async (request) => {
    const task = await findTask(db, request.params.id);
    if (!task.isSnoozeable) throw adminError('woocommerce_rest_task_not_snoozeable', task.id);
    const snoozed = (await taskState(db)).snoozed;
    await setOptions(db, { [SNOOZED_OPTION]: { ...snoozed, [task.id]: Date.now() + SNOOZE_MS } });
    return findTask(db, task.id);
  });
  routes.post(`${base}/tasks/:id/undo_snooze`, byId, async (request) => {
    const task = await findTask(db, request.params.id);
    const { [task.id]: _gone, ...rest } = (await taskState(db)).snoozed;
    await setOptions(db, { [SNOOZED_OPTION]: rest });
    return findTask(db, task.id);
  });
  routes.post(`${base}/tasks/:id/action`, byId, async (request) => {
    const task = await findTask(db, request.params.id);
    await toggleInList(db, ACTIONED_OPTION, task.id, true);
    return findTask(db, task.id);
  });
  routes.post(`${base}/tasks/:id/hide`, listById, async (request) => {
    const list = await findList(db, request.params.id);
    await toggleInList(db, HIDDEN_LISTS_OPTION, list.id, true);
    return findList(db, list.id);
  });
  routes.post(`${base}/tasks/:id/unhide`, listById, async (request) => {
    const list = await findList(db, request.params.id);
    await toggleInList(db, HIDDEN_LISTS_OPTION, list.id, false);
    return findList(db, list.id);
  });

  routes.get(`${base}/free-extensions`, contextAnswers(FreeExtensionsResponse), async () =>
    freeExtensions(db),
  );
  routes.get(
    `${base}/product-types`,
    contextAnswers(OnboardingProductTypesResponse),
    async () => PRODUCT_TYPES,
  );
  routes.get(
    `${base}/profile/progress`,
    contextAnswers(OnboardingProfileProgress),
    async (): Promise<OnboardingProfileProgress> => ({
      core_profiler_completed_steps: ((await getOptions(db, [PROGRESS_OPTION])).get(
        PROGRESS_OPTION,
      ) ?? {}) as OnboardingProfileProgress['core_profiler_completed_steps'],
    }),
  );
  routes.post(
    `${base}/profile/progress/core-profiler/complete`,
    { schema: { body: CoreProfilerCompleteBody, response: { 200: AdminStatusMessage } } },
    async (request): Promise<AdminStatusMessage> => {
      const current = ((await getOptions(db, [PROGRESS_OPTION])).get(PROGRESS_OPTION) ??
        {}) as Record<string, unknown>;
      const completedAt = `${nowGmt().replace(' ', 'T')}Z`;
      await setOptions(db, {
        [PROGRESS_OPTION]: { ...current, [request.body.step]: { completed_at: completedAt } },
      });
      return { status: 'success', message: 'Onboarding profile progress has been updated.' };
    },
  );

  const suggestions = '/wp-json/wc-admin/payment-gateway-suggestions';
  // Our suggestions are the defaults already: `force_default_suggestions` is validated, and
  // changes nothing.
  // Recommending and hiding payment plugins is plugin management: administrators only.
  const admin = requires('manage_options');
  routes.get(
    suggestions,
    {
      schema: {
        querystring: PaymentGatewaySuggestionsQuery,
        response: { 200: PaymentGatewaySuggestionsResponse },
      },
      ...admin,
    },
    async () => paymentGatewaySuggestions(db),
  );
  const dismissed = { schema: { response: { 200: PaymentGatewaySuggestionsDismissResponse } } };
  routes.post(`${suggestions}/dismiss`, { ...dismissed, ...admin }, async () => {
    await setOptions(db, { [SUGGESTIONS_HIDDEN_OPTION]: 'yes' });
    return true;
  });
}
