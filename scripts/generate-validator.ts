// `npm run generate:validator`: writes src/config/schema-validator.generated.ts from the config schema.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validatorSource } from '../src/config/validator-build.js';

const file = join(import.meta.dirname, '../src/config/schema-validator.generated.ts');
writeFileSync(file, validatorSource());
console.log(`wrote ${file}`);
