import type { AccountType } from './account.entity';

export interface ChartAccount {
  code: string;
  name: string;
  type: AccountType;
}

/**
 * The default chart: the SYSCOHADA revised (2017) plan for OHADA states such as Cameroon,
 * classes 1–8, with the accounts a small company and a payroll posting use. Numbers and
 * meanings follow the official plan (e.g. 421 staff advances, 422 salaries payable); names are
 * in English. Types follow the class: 1 equity (10–15) or liability (16–19), 2–3 assets,
 * 4 receivables or payables account by account, 5 treasury assets (56 bank overdrafts are
 * liabilities), 6 expenses, 7 revenue, 8 odd sub-classes expenses and even ones revenue.
 */
export const DEFAULT_CHART: readonly ChartAccount[] = [
  // Class 1: equity and long-term liabilities
  { code: '101', name: 'Share capital', type: 'equity' },
  { code: '111', name: 'Legal reserve', type: 'equity' },
  { code: '118', name: 'Other reserves', type: 'equity' },
  { code: '121', name: 'Retained earnings (credit)', type: 'equity' },
  { code: '129', name: 'Retained losses (debit)', type: 'equity' },
  { code: '131', name: 'Net result: profit', type: 'equity' },
  { code: '139', name: 'Net result: loss', type: 'equity' },
  { code: '141', name: 'Capital grants', type: 'equity' },
  { code: '162', name: 'Loans from credit institutions', type: 'liability' },
  { code: '165', name: 'Deposits and guarantees received', type: 'liability' },
  { code: '191', name: 'Provisions for litigation', type: 'liability' },
  // Class 2: fixed assets
  { code: '213', name: 'Software', type: 'asset' },
  { code: '221', name: 'Land', type: 'asset' },
  { code: '231', name: 'Buildings', type: 'asset' },
  { code: '241', name: 'Industrial equipment and tools', type: 'asset' },
  { code: '244', name: 'Office equipment and furniture', type: 'asset' },
  { code: '245', name: 'Transport equipment', type: 'asset' },
  { code: '275', name: 'Deposits and guarantees paid', type: 'asset' },
  { code: '281', name: 'Amortization of intangible assets', type: 'asset' },
  { code: '284', name: 'Depreciation of equipment', type: 'asset' },
  // Class 3: inventories
  { code: '311', name: 'Goods for resale', type: 'asset' },
  { code: '321', name: 'Raw materials', type: 'asset' },
  { code: '361', name: 'Finished products', type: 'asset' },
  { code: '391', name: 'Impairment of inventories', type: 'asset' },
  // Class 4: third parties
  { code: '401', name: 'Suppliers', type: 'liability' },
  { code: '408', name: 'Suppliers: invoices not yet received', type: 'liability' },
  { code: '409', name: 'Suppliers: advances paid', type: 'asset' },
  { code: '411', name: 'Customers', type: 'asset' },
  { code: '419', name: 'Customers: advances received', type: 'liability' },
  { code: '421', name: 'Staff: advances and deposits', type: 'asset' },
  { code: '422', name: 'Staff: salaries payable', type: 'liability' },
  { code: '423', name: 'Staff: garnishments', type: 'liability' },
  { code: '428', name: 'Staff: accrued expenses', type: 'liability' },
  { code: '431', name: 'Social security (CNPS)', type: 'liability' },
  { code: '433', name: 'Other social bodies', type: 'liability' },
  { code: '441', name: 'State: income tax', type: 'liability' },
  { code: '442', name: 'State: other taxes', type: 'liability' },
  { code: '443', name: 'State: VAT collected', type: 'liability' },
  { code: '445', name: 'State: VAT recoverable', type: 'asset' },
  { code: '447', name: 'State: taxes withheld at source', type: 'liability' },
  { code: '4471', name: 'State: income tax withheld', type: 'liability' },
  { code: '4472', name: 'State: taxes on salaries', type: 'liability' },
  { code: '4478', name: 'State: other taxes and contributions withheld', type: 'liability' },
  { code: '471', name: 'Suspense accounts', type: 'asset' },
  // Class 5: treasury
  { code: '521', name: 'Banks', type: 'asset' },
  { code: '552', name: 'Electronic money: mobile money', type: 'asset' },
  { code: '561', name: 'Bank overdrafts', type: 'liability' },
  { code: '571', name: 'Cash', type: 'asset' },
  { code: '585', name: 'Transfers of funds', type: 'asset' },
  // Class 6: expenses
  { code: '601', name: 'Purchases of goods for resale', type: 'expense' },
  { code: '604', name: 'Purchases of consumable materials and supplies', type: 'expense' },
  { code: '605', name: 'Other purchases (water, electricity, fuel)', type: 'expense' },
  { code: '612', name: 'Transport on sales', type: 'expense' },
  { code: '622', name: 'Rent', type: 'expense' },
  { code: '624', name: 'Maintenance and repairs', type: 'expense' },
  { code: '625', name: 'Insurance premiums', type: 'expense' },
  { code: '627', name: 'Advertising', type: 'expense' },
  { code: '628', name: 'Telecommunications', type: 'expense' },
  { code: '631', name: 'Bank charges', type: 'expense' },
  { code: '632', name: 'Fees of intermediaries and advisers', type: 'expense' },
  { code: '641', name: 'Direct taxes', type: 'expense' },
  { code: '658', name: 'Other operating expenses', type: 'expense' },
  { code: '661', name: 'Staff remuneration', type: 'expense' },
  { code: '663', name: 'Staff allowances', type: 'expense' },
  { code: '664', name: 'Employer social charges', type: 'expense' },
  { code: '668', name: 'Other social charges', type: 'expense' },
  { code: '671', name: 'Interest on loans', type: 'expense' },
  { code: '681', name: 'Depreciation and amortization', type: 'expense' },
  { code: '691', name: 'Provisions', type: 'expense' },
  // Class 7: revenue
  { code: '701', name: 'Sales of goods', type: 'revenue' },
  { code: '702', name: 'Sales of finished products', type: 'revenue' },
  { code: '706', name: 'Services sold', type: 'revenue' },
  { code: '707', name: 'Ancillary income', type: 'revenue' },
  { code: '711', name: 'Operating grants', type: 'revenue' },
  { code: '758', name: 'Other operating income', type: 'revenue' },
  { code: '771', name: 'Interest income', type: 'revenue' },
  { code: '781', name: 'Transfers of operating expenses', type: 'revenue' },
  { code: '791', name: 'Reversals of provisions', type: 'revenue' },
  // Class 8: other income and expenses (HAO)
  { code: '811', name: 'Book value of disposed fixed assets', type: 'expense' },
  { code: '821', name: 'Proceeds from disposals of fixed assets', type: 'revenue' },
  { code: '831', name: 'Non-operating (HAO) expenses', type: 'expense' },
  { code: '841', name: 'Non-operating (HAO) income', type: 'revenue' },
  { code: '851', name: 'Non-operating (HAO) provisions', type: 'expense' },
  { code: '861', name: 'Reversals of non-operating (HAO) provisions', type: 'revenue' },
  { code: '871', name: 'Employee profit sharing', type: 'expense' },
  { code: '891', name: 'Income tax for the year', type: 'expense' },
];
