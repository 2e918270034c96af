import { describeFilter } from './describe-filter';
import { customersAdvancedFilters, ordersAdvancedFilters } from './example-configs';

const customers = customersAdvancedFilters().filters;
const orders = ordersAdvancedFilters().filters;

describe('describeFilter', () => {
  it('names the filter, the rule and the value', () => {
    expect(describeFilter(customers.orders_count!, 'max', '10')).toBe('No. of Orders Less Than 10');
  });

  it('joins a between pair with "and"', () => {
    expect(describeFilter(customers.orders_count!, 'between', ['2', '5'])).toBe(
      'No. of Orders Between 2 and 5',
    );
  });

  it('gives nothing for a between rule missing a value', () => {
    expect(describeFilter(customers.orders_count!, 'between', ['2', ''])).toBe('');
    expect(describeFilter(customers.orders_count!, 'between', ['', '5'])).toBe('');
    expect(describeFilter(customers.orders_count!, 'between', '2')).toBe('');
  });

  it('gives nothing for an empty value', () => {
    expect(describeFilter(customers.orders_count!, 'max', '')).toBe('');
  });

  it('uses option labels for selects and formats values', () => {
    expect(describeFilter(orders.status!, 'is_not', 'on-hold')).toBe('Order status Is Not On hold');
    expect(describeFilter(orders.customer_type!, undefined, 'new')).toBe('Customer type New');
    expect(describeFilter(customers.total_spend!, 'min', '5', (text) => `$${text}`)).toBe(
      'Total Spend More Than $5',
    );
  });

  it('leaves search and attribute rows to their visible tags', () => {
    expect(describeFilter(orders.product!, 'includes', '11')).toBe('');
    expect(describeFilter(orders.attribute!, 'is', ['1', '2'])).toBe('');
  });
});
