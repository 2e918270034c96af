import { type JsonRecord, text } from '../records';
import type { Autocompleter } from '../types';
import { getRecords } from './shared';

/** Download IP addresses by prefix (the server returns at most 10); the IP is key and label. */
export const downloadIpsAutocompleter: Autocompleter<JsonRecord> = {
  name: 'download-ips',
  async search(query, context) {
    const records = await getRecords('/wc-analytics/data/download-ips', { match: query }, context);
    return records.map((record) => {
      const ip = text(record, 'user_ip_address');
      return { key: ip, label: ip, value: record };
    });
  },
  async getLabels(ids) {
    return ids.map((ip) => ({ key: ip, label: ip, value: { user_ip_address: ip } }));
  },
};
