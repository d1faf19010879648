// The bench's floor page (bench/floor/): bare monaco, built as every bench page is (../pageConfig.ts).
import { benchPageConfig } from '../pageConfig.ts';

export default benchPageConfig('floor');
