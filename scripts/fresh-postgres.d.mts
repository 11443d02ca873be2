export interface FreshDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}
export function createFreshDatabase(adminUrl: string, prefix: string): Promise<FreshDatabase>;
