import '@mantine/core/styles/Tabs.layer.css';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';
import { AccountsPanel } from '../components/accounts-panel';
import { BalancePanel } from '../components/balance-panel';
import classes from '../components/finance.module.css';
import { TransactionsPanel } from '../components/transactions-panel';
import { WithdrawalsPanel } from '../components/withdrawals-panel';

const TABS = ['withdrawals', 'transactions', 'accounts'] as const;
type WalletTab = (typeof TABS)[number];

function isWalletTab(value: string | null): value is WalletTab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/**
 * `/organizer/wallet` (PRODUCT.md section 5): the balance by currency, then the withdrawal
 * requests, the ledger's lines and the bank accounts, one tab each (`?tab=`).
 */
export function WalletPage() {
  const { t } = useTranslation(['finance', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: WalletTab = isWalletTab(requested) ? requested : 'withdrawals';
  usePageMeta({
    title: t('wallet.meta.title'),
    description: t('wallet.meta.description'),
    keywords: t('wallet.meta.keywords'),
    siteName: t('common:app.name'),
  });

  function select(value: string | null) {
    setSearchParams(value && value !== 'withdrawals' ? { tab: value } : {}, { replace: true });
  }

  return (
    <Stack gap="lg" className={classes.page}>
      <Stack gap="xs">
        <Title order={1}>{t('wallet.heading')}</Title>
        <Text size="lg">{t('wallet.lead')}</Text>
      </Stack>
      <BalancePanel />
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`wallet.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="withdrawals" pt="md">
          <WithdrawalsPanel onAddAccount={() => select('accounts')} />
        </Tabs.Panel>
        <Tabs.Panel value="transactions" pt="md">
          <TransactionsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="accounts" pt="md">
          <AccountsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
