// The bench's peer page (bench/jsonmode/): monaco's JSON mode, built as every bench page is (../pageConfig.ts).
import { benchPageConfig } from '../pageConfig.ts';

export default benchPageConfig('jsonmode');
