import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { phpCatalogue } from '../../scripts/php-catalogue';

describe('the PHP test server’s catalogue', () => {
  it('is the simulated backend’s registry, traits and configurations (scripts/php-catalogue.ts writes it)', () => {
    const committed: unknown = JSON.parse(
      readFileSync(new URL('../../typo3/Tests/Fixtures/simulated-catalogue.json', import.meta.url), 'utf8'),
    );
    expect(committed).toEqual(phpCatalogue());
  });
});
