import { BalanceAnswer } from '@hafla/shared/finance/balance';
import {
  WithdrawalAccount,
  WithdrawalAccountCreate,
  WithdrawalAccountList,
  WithdrawalAccountListQuery,
  WithdrawalAccountParams,
  WithdrawalAccountPatch,
} from '@hafla/shared/finance/accounts';
import {
  DashboardEventParams,
  SalesChart,
  SalesChartQuery,
  SalesData,
  SalesDataQuery,
} from '@hafla/shared/finance/dashboard';
import { TransactionList, TransactionListQuery } from '@hafla/shared/finance/transactions';
import {
  AdminWithdrawal,
  AdminWithdrawalList,
  AdminWithdrawalListQuery,
  AdminWithdrawalPatch,
  Withdrawal,
  WithdrawalCreate,
  WithdrawalList,
  WithdrawalListQuery,
  WithdrawalParams,
  WithdrawalPatch,
} from '@hafla/shared/finance/withdrawals';
import { z } from 'zod';
import { idempotent, IDEMPOTENCY_HEADER } from '../idempotency/idempotency';
import { builtAnswer } from '../../lib/built-answers';
import { toPage } from '../../lib/pagination';
import { readPlatformSettings } from '../catalog/platform-settings';
import type { App } from '../../lib/types';
import { currentUser } from '../../plugins/auth';
import { errorResponses } from '../../plugins/openapi';
import { actorOf } from '../admin/audit';
import { addNotifications, queueNotificationMailsOf } from '../notifications/notify';
import * as accounts from './accounts';
import { balancesOf } from './balance';
import * as dashboard from './dashboard';
import { listTransactions } from './transactions';
import * as withdrawals from './withdrawals';

const security = [{ bearer: [] }];
const organizerOnly = { auth: ['organizer' as const] };
const adminOnly = { auth: ['admin' as const] };

/** The organizer's money: balance, ledger lines, bank accounts, withdrawals, the sales dashboard. */
export async function financeRoutes(app: App) {
  const publicUrl = app.config.PUBLIC_URL;
  // The clock money runs on, the payments' own (a test moves it to let time pass).
  const now = () => app.paymentsDeps.now();
  const withdrawalDeps: withdrawals.WithdrawalsDeps = {
    db: app.db,
    now,
    announce: async (tx, row) => {
      const ids = await addNotifications(tx, [
        {
          userId: row.organizer_id,
          kind: 'withdrawal_status_changed',
          type: 'withdrawal',
          value: row.id,
          eventId: null,
          params: {
            withdrawal: row.id,
            status: row.status,
            amount: row.amount,
            currency: row.currency,
            ...(row.status === 'rejected' && row.rejection_reason
              ? { reason: row.rejection_reason }
              : {}),
          },
        },
      ]);
      await queueNotificationMailsOf(tx, ids);
      return ids;
    },
    notify: (ids) => {
      if (ids.length === 0) return;
      app.notifier.push(ids);
      app.mailer.poke();
    },
  };
  const dashboardDeps: dashboard.DashboardDeps = {
    db: app.db,
    now,
    defaultCurrency: async () => (await readPlatformSettings(app.db)).default_currency,
  };

  app.get('/api/v1/balance/', {
    config: organizerOnly,
    schema: {
      tags: ['balance'],
      summary:
        'The organizer’s balance per currency — pending, available, reserved by open withdrawal requests, withdrawn — summed from the ledger',
      security,
      response: { 200: BalanceAnswer, ...errorResponses },
    },
    handler: async (request) => ({
      results: await balancesOf(app.db, currentUser(request).userId, now()),
    }),
  });

  // Listed by the seed without a trailing slash; served with and without one.
  {
    app.get('/api/v1/transaction', {
      config: organizerOnly,
      schema: {
        tags: ['transaction'],
        summary:
          'The organizer’s ledger lines, newest first, each with its booking or withdrawal and an explanation of gross, discount, fee and net',
        security,
        querystring: TransactionListQuery,
        response: { 200: TransactionList, ...errorResponses },
      },
      handler: async (request) => {
        const page = await listTransactions(
          app.db,
          currentUser(request).userId,
          request.query,
          now(),
          request.language,
        );
        return toPage(request, request.query, page.count, page.results, publicUrl);
      },
    });
  }

  const accountTags = ['withdrawal-accounts'];
  app.get('/api/v1/withdrawal-accounts/', {
    config: organizerOnly,
    schema: {
      tags: accountTags,
      summary: 'The organizer’s bank accounts, the default first',
      security,
      querystring: WithdrawalAccountListQuery,
      response: { 200: WithdrawalAccountList, ...errorResponses },
    },
    handler: async (request) => {
      const page = await accounts.listAccounts(app.db, currentUser(request).userId, request.query);
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });

  app.post('/api/v1/withdrawal-accounts/', {
    config: organizerOnly,
    schema: {
      tags: accountTags,
      summary: 'Add a bank account (IBAN and SWIFT/BIC checked); the first one is the default',
      security,
      body: WithdrawalAccountCreate,
      response: { 201: WithdrawalAccount, ...errorResponses },
    },
    handler: async (request, reply) => {
      const created = await accounts.createAccount(
        app.db,
        currentUser(request).userId,
        request.body,
        now(),
      );
      return reply.code(201).send(created);
    },
  });

  app.get('/api/v1/withdrawal-accounts/:id/', {
    config: organizerOnly,
    schema: {
      tags: accountTags,
      summary: 'One of the organizer’s bank accounts',
      security,
      params: WithdrawalAccountParams,
      response: { 200: WithdrawalAccount, ...errorResponses },
    },
    handler: (request) =>
      accounts.getAccount(app.db, currentUser(request).userId, request.params.id),
  });

  app.patch('/api/v1/withdrawal-accounts/:id/', {
    config: organizerOnly,
    schema: {
      tags: accountTags,
      summary: 'Change a bank account, or make it the default',
      security,
      params: WithdrawalAccountParams,
      body: WithdrawalAccountPatch,
      response: { 200: WithdrawalAccount, ...errorResponses },
    },
    handler: (request) =>
      accounts.updateAccount(
        app.db,
        currentUser(request).userId,
        request.params.id,
        request.body,
        now(),
      ),
  });

  app.delete('/api/v1/withdrawal-accounts/:id/', {
    config: organizerOnly,
    schema: {
      tags: accountTags,
      summary: 'Delete a bank account; refused (account_in_use) while an open request uses it',
      security,
      params: WithdrawalAccountParams,
      response: { 204: z.null().describe('Deleted'), ...errorResponses },
    },
    handler: async (request, reply) => {
      await accounts.deleteAccount(app.db, currentUser(request).userId, request.params.id, now());
      return reply.code(204).send(null);
    },
  });

  const withdrawalTags = ['withdrawal'];
  app.get('/api/v1/withdrawal/', {
    config: organizerOnly,
    schema: {
      tags: withdrawalTags,
      summary: 'The organizer’s withdrawal requests, newest first, with their status history',
      security,
      querystring: WithdrawalListQuery,
      response: { 200: WithdrawalList, ...errorResponses },
    },
    handler: async (request) => {
      const page = await withdrawals.listWithdrawals(
        app.db,
        currentUser(request).userId,
        request.query,
      );
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });

  app.post('/api/v1/withdrawal/', {
    config: organizerOnly,
    schema: {
      tags: withdrawalTags,
      summary:
        'Request a withdrawal: reserves the amount from the available balance (at least the minimum, at most what is available). Send an Idempotency-Key.',
      security,
      body: WithdrawalCreate,
      response: { 201: Withdrawal, ...errorResponses },
    },
    handler: async (request, reply) => {
      const userId = currentUser(request).userId;
      const created = await idempotent(
        app.db,
        {
          userId,
          scope: withdrawals.WITHDRAWAL_SCOPE,
          key: request.headers[IDEMPOTENCY_HEADER],
          request: request.body,
        },
        () => withdrawals.requestWithdrawal(withdrawalDeps, userId, request.body),
      );
      return reply.code(201).send(created);
    },
  });

  app.patch('/api/v1/withdrawal/:id/', {
    config: organizerOnly,
    schema: {
      tags: withdrawalTags,
      summary:
        'Edit a requested withdrawal (account, amount, note) or cancel it (status: cancelled); an Idempotency-Key is honoured',
      security,
      params: WithdrawalParams,
      body: WithdrawalPatch,
      response: { 200: Withdrawal, ...errorResponses },
    },
    handler: (request) => {
      const userId = currentUser(request).userId;
      return idempotent(
        app.db,
        {
          userId,
          scope: `${withdrawals.WITHDRAWAL_SCOPE}-edit-${request.params.id}`,
          key: request.headers[IDEMPOTENCY_HEADER],
          request: request.body,
        },
        () => withdrawals.updateWithdrawal(withdrawalDeps, userId, request.params.id, request.body),
      );
    },
  });

  app.get('/api/v1/admin/withdrawals/', {
    config: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'Every organizer’s withdrawal requests, newest first (filter by status)',
      security,
      querystring: AdminWithdrawalListQuery,
      response: { 200: AdminWithdrawalList, ...errorResponses },
    },
    handler: async (request) => {
      const page = await withdrawals.listAllWithdrawals(app.db, request.query, now());
      return toPage(request, request.query, page.count, page.results, publicUrl);
    },
  });

  app.patch('/api/v1/admin/withdrawals/:id/', {
    config: adminOnly,
    schema: {
      tags: ['admin'],
      summary:
        'Approve a withdrawal request (above the configured amount, two different admins), reject it with a reason (releasing its amount) or mark it paid with the transfer reference',
      security,
      params: WithdrawalParams,
      body: AdminWithdrawalPatch,
      response: { 200: AdminWithdrawal, ...errorResponses },
    },
    handler: (request) =>
      withdrawals.reviewWithdrawal(
        withdrawalDeps,
        actorOf(request),
        request.params.id,
        request.body,
      ),
  });

  const dashboardTags = ['dashboard'];
  const salesDataSchema = {
    tags: dashboardTags,
    security,
    querystring: SalesDataQuery,
    response: { 200: SalesData, ...errorResponses },
  };
  app.get('/api/v1/dashboard/sales-data/', {
    config: organizerOnly,
    schema: {
      ...salesDataSchema,
      summary:
        'Revenue, tickets, bookings, refunds, page views and conversion of all the organizer’s events, per ticket category, for a range of days',
    },
    handler: (request) =>
      dashboard.salesData(dashboardDeps, currentUser(request).userId, null, request.query),
  });
  app.get('/api/v1/dashboard/sales-data/:event_id/', {
    config: organizerOnly,
    schema: {
      ...salesDataSchema,
      summary: 'The sales data of one of the organizer’s events',
      params: DashboardEventParams,
    },
    handler: (request) =>
      dashboard.salesData(
        dashboardDeps,
        currentUser(request).userId,
        request.params.event_id,
        request.query,
      ),
  });

  const salesChartSchema = {
    tags: dashboardTags,
    security,
    querystring: SalesChartQuery,
    response: { 200: SalesChart, ...errorResponses },
  };
  app.get('/api/v1/dashboard/sales-chart/', {
    ...builtAnswer,
    config: organizerOnly,
    schema: {
      ...salesChartSchema,
      summary:
        'Sales of all the organizer’s events by day, week or month in their time zone, empty buckets included',
    },
    handler: (request) =>
      dashboard.salesChart(
        dashboardDeps,
        currentUser(request).userId,
        null,
        request.query,
        request.language,
      ),
  });
  app.get('/api/v1/dashboard/sales-chart/:event_id/', {
    ...builtAnswer,
    config: organizerOnly,
    schema: {
      ...salesChartSchema,
      summary: 'The sales chart of one of the organizer’s events',
      params: DashboardEventParams,
    },
    handler: (request) =>
      dashboard.salesChart(
        dashboardDeps,
        currentUser(request).userId,
        request.params.event_id,
        request.query,
        request.language,
      ),
  });
}
