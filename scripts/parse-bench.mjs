// Parse benchmark, one line a language: a ~2,000-line file made by repeating a realistic snippet
// (names numbered so that every copy declares its own elements), parsed after a warm-up, then
// timed N times: tree-sitter's parse alone, and parseFile (parse + CST build), median ms each.
// Runs the TypeScript sources through tsx (no build needed):
//   node --import tsx scripts/parse-bench.mjs [--runs 20] [--warmup 5] [--lines 2000] [language ...]
// Adding a language: one entry in `snippets` (file extension + a function of the copy number).
import { performance } from 'node:perf_hooks';
import { languageOf, languageSpec, parseFile } from '../src/languages/registry.ts';
import { parserFor } from '../src/languages/treesitter.ts';

/** Extension of the generated file → a snippet of that language; `i` numbers the copy. */
const snippets = {
  '.java': (i) => `
/** Orders of customer ${i}. */
public class OrderService${i} extends BaseService implements Service {
    private final Map<String, Order> orders = new HashMap<>();

    public OrderService${i}(Repository repository) {
        super(repository);
    }

    public double total${i}(List<Order> items, double taxRate) {
        double subtotal = 0;
        for (Order item : items) {
            subtotal += item.getPrice() * item.getQuantity();
        }
        if (subtotal < 0) {
            throw new IllegalStateException("negative total: " + subtotal);
        }
        return Math.round(subtotal * (1 + taxRate) * 100) / 100.0;
    }

    @Override
    public String describe(Order order) {
        return String.format("%s x%d", order.getName(), order.getQuantity());
    }
}
`,
  '.js': (i) => `
export class OrderService${i} extends BaseService {
  constructor(repository) {
    super(repository);
    this.orders = new Map();
  }

  total(items, taxRate) {
    let subtotal = 0;
    for (const item of items) {
      subtotal += item.price * item.quantity;
    }
    if (subtotal < 0) throw new Error(\`negative total: \${subtotal}\`);
    return Math.round(subtotal * (1 + taxRate) * 100) / 100;
  }
}

export const describe${i} = (order) => \`\${order.name} x\${order.quantity}\`;

function slugify${i}(title) {
  return title.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
`,
  '.ts': (i) => `
export interface Priced${i} {
  price: number;
  quantity: number;
}

export class OrderService${i} extends BaseService implements Service {
  private readonly orders = new Map<string, Order>();

  constructor(private repository: Repository) {
    super(repository);
  }

  total(items: Priced${i}[], taxRate: number): number {
    let subtotal = 0;
    for (const item of items) {
      subtotal += item.price * item.quantity;
    }
    if (subtotal < 0) throw new Error(\`negative total: \${subtotal}\`);
    return Math.round(subtotal * (1 + taxRate) * 100) / 100;
  }
}

export const describe${i} = (order: Order): string => \`\${order.name} x\${order.quantity}\`;
`,
  '.tsx': (i) => `
interface CardProps${i} {
  title: string;
  items: Order[];
  onSelect?: (order: Order) => void;
}

export function Card${i}({ title, items, onSelect }: CardProps${i}) {
  const [open, setOpen] = useState<boolean>(false);
  const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  return (
    <section className="card">
      <h2 onClick={() => setOpen(!open)}>{title}</h2>
      {open && (
        <ul>
          {items.map((item) => (
            <li key={item.id} onClick={() => onSelect?.(item)}>
              {item.name} x{item.quantity}
            </li>
          ))}
        </ul>
      )}
      <p>Total: {total.toFixed(2)}</p>
    </section>
  );
}
`,
  '.py': (i) => `

class OrderService${i}(BaseService):
    """Orders of customer ${i}."""

    def __init__(self, repository, tax_rate: float = 0.2):
        super().__init__(repository)
        self.tax_rate = tax_rate

    def total(self, items):
        subtotal = 0
        for item in items:
            subtotal += item.price * item.quantity
        if subtotal < 0:
            raise ValueError(f"negative total: {subtotal}")
        return round(subtotal * (1 + self.tax_rate), 2)

    @staticmethod
    def describe(order) -> str:
        return "%s x%d" % (order.name, order.quantity)


def slugify_${i}(title):
    text = title.strip().lower()
    return "-".join(part for part in text.split() if part.isalnum())
`,
  '.c': (i) => `
struct order_${i} {
  char name[64];
  double price;
  int quantity;
};

static double total_${i}(const struct order_${i} *items, size_t count, double tax_rate) {
  double subtotal = 0;
  for (size_t k = 0; k < count; k++) {
    subtotal += items[k].price * items[k].quantity;
  }
  if (subtotal < 0) {
    fprintf(stderr, "negative total: %f\\n", subtotal);
    return 0;
  }
  return subtotal * (1 + tax_rate);
}

int describe_${i}(const struct order_${i} *order, char *out, size_t size) {
  return snprintf(out, size, "%s x%d", order->name, order->quantity);
}
`,
  '.go': (i) => `
// OrderService${i} keeps the orders of one customer.
type OrderService${i} struct {
	BaseService
	orders map[string]*Order
}

func (s *OrderService${i}) Total(items []Order, taxRate float64) (float64, error) {
	subtotal := 0.0
	for _, item := range items {
		subtotal += item.Price * float64(item.Quantity)
	}
	if subtotal < 0 {
		return 0, fmt.Errorf("negative total: %f", subtotal)
	}
	return math.Round(subtotal*(1+taxRate)*100) / 100, nil
}

func Describe${i}(order *Order) string {
	return fmt.Sprintf("%s x%d", order.Name, order.Quantity)
}
`,
  '.cs': (i) => `
/// <summary>Orders of customer ${i}.</summary>
public class OrderService${i} : BaseService, IService
{
    private readonly Dictionary<string, Order> orders = new Dictionary<string, Order>();

    public OrderService${i}(IRepository repository) : base(repository)
    {
    }

    public decimal Total${i}(List<Order> items, decimal taxRate)
    {
        decimal subtotal = 0;
        foreach (var item in items)
        {
            subtotal += item.Price * item.Quantity;
        }
        if (subtotal < 0)
        {
            throw new InvalidOperationException($"negative total: {subtotal}");
        }
        return Math.Round(subtotal * (1 + taxRate), 2);
    }

    public override string Describe(Order order) => string.Format("{0} x{1}", order.Name, order.Quantity);
}
`,
  '.kt': (i) => `
/** Orders of customer ${i}. */
class OrderService${i}(repository: Repository) : BaseService(repository), Service {
    private val orders = mutableMapOf<String, Order>()

    fun total${i}(items: List<Order>, taxRate: Double): Double {
        var subtotal = 0.0
        for (item in items) {
            subtotal += item.price * item.quantity
        }
        if (subtotal < 0) {
            throw IllegalStateException("negative total: $subtotal")
        }
        return Math.round(subtotal * (1 + taxRate) * 100) / 100.0
    }

    override fun describe(order: Order): String = String.format("%s x%d", order.name, order.quantity)
}

fun slugify${i}(title: String): String =
    title.trim().lowercase().replace(Regex("[^a-z0-9]+"), "-")
`,
  '.rs': (i) => `
/// Orders of customer ${i}.
pub struct OrderService${i} {
    orders: HashMap<String, Order>,
    tax_rate: f64,
}

impl OrderService${i} {
    pub fn new(tax_rate: f64) -> Self {
        OrderService${i} { orders: HashMap::new(), tax_rate }
    }

    pub fn total(&self, items: &[Order]) -> Result<f64, String> {
        let mut subtotal = 0.0;
        for item in items {
            subtotal += item.price * item.quantity as f64;
        }
        if subtotal < 0.0 {
            return Err(format!("negative total: {}", subtotal));
        }
        Ok((subtotal * (1.0 + self.tax_rate) * 100.0).round() / 100.0)
    }
}

impl Describe for OrderService${i} {
    fn describe(&self, order: &Order) -> String {
        format!("{} x{}", order.name, order.quantity)
    }
}
`,
  '.cpp': (i) => `
// Orders of customer ${i}.
class OrderService${i} : public BaseService {
public:
  explicit OrderService${i}(Repository& repository) : BaseService(repository) {}

  double total(const std::vector<Order>& items, double taxRate) const;

  std::string describe(const Order& order) const override {
    return order.name + " x" + std::to_string(order.quantity);
  }

private:
  std::map<std::string, Order> orders_;
};

double OrderService${i}::total(const std::vector<Order>& items, double taxRate) const {
  double subtotal = 0;
  for (const auto& item : items) {
    subtotal += item.price * item.quantity;
  }
  if (subtotal < 0) {
    throw std::runtime_error("negative total: " + std::to_string(subtotal));
  }
  return std::round(subtotal * (1 + taxRate) * 100) / 100.0;
}
`,
  '.php': (i) => `
/** Orders of customer ${i}. */
class OrderService${i} extends BaseService implements Service
{
    private array $orders = [];

    public function __construct(Repository $repository)
    {
        parent::__construct($repository);
    }

    public function total(array $items, float $taxRate): float
    {
        $subtotal = 0;
        foreach ($items as $item) {
            $subtotal += $item->price * $item->quantity;
        }
        if ($subtotal < 0) {
            throw new RuntimeException("negative total: {$subtotal}");
        }
        return round($subtotal * (1 + $taxRate), 2);
    }

    public function describe(Order $order): string
    {
        return sprintf('%s x%d', $order->name, $order->quantity);
    }
}
`,
  '.rb': (i) => `
# Orders of customer ${i}.
class OrderService${i} < BaseService
  def initialize(repository, tax_rate: 0.2)
    super(repository)
    @tax_rate = tax_rate
    @orders = {}
  end

  def total(items)
    subtotal = 0
    items.each do |item|
      subtotal += item.price * item.quantity
    end
    raise ArgumentError, "negative total: #{subtotal}" if subtotal.negative?
    (subtotal * (1 + @tax_rate)).round(2)
  end

  def self.describe(order)
    format('%s x%d', order.name, order.quantity)
  end
end
`,
  '.scala': (i) => `
/** Orders of customer ${i}. */
class OrderService${i}(repository: Repository) extends BaseService(repository) with Service {
  private val orders = mutable.Map.empty[String, Order]

  def total${i}(items: List[Order], taxRate: Double): Double = {
    var subtotal = 0.0
    for (item <- items) {
      subtotal += item.price * item.quantity
    }
    if (subtotal < 0) {
      throw new IllegalStateException(s"negative total: $subtotal")
    }
    math.round(subtotal * (1 + taxRate) * 100) / 100.0
  }

  override def describe(order: Order): String = "%s x%d".format(order.name, order.quantity)
}

object OrderService${i} {
  def slugify(title: String): String =
    title.trim.toLowerCase.replaceAll("[^a-z0-9]+", "-")
}
`,
};

/** The header a file of this extension needs once (a package or namespace clause, PHP's `<?php`). */
const headers = {
  '.go': 'package orders\n\nimport (\n\t"fmt"\n\t"math"\n)\n',
  '.cs': 'namespace Orders;\n\nusing System;\n',
  '.kt': 'package orders\n',
  '.scala': 'package orders\n\nimport scala.collection.mutable\n',
  '.rs': 'use std::collections::HashMap;\n',
  '.cpp': '#include <string>\n#include <vector>\n',
  '.php': '<?php\nnamespace Orders;\n',
};

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
}

const runs = option('--runs', 20);
const warmup = option('--warmup', 5);
const targetLines = option('--lines', 2000);
const wanted = process.argv.slice(2).filter((arg, i, all) => !arg.startsWith('--') && !all[i - 1]?.startsWith('--'));

function generate(extension) {
  let text = headers[extension] ?? '';
  for (let i = 0; text.split('\n').length < targetLines; i++) text += snippets[extension](i);
  return text;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function time(task) {
  for (let i = 0; i < warmup; i++) await task();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function bench(extension) {
  const path = `bench/sample${extension}`;
  const language = languageOf(path);
  if (!language) throw new Error(`no language reads ${extension}: update the snippets of scripts/parse-bench.mjs`);
  const text = generate(extension);
  const parser = await parserFor(languageSpec(language).grammar);
  const parseOnly = await time(() => parser.parse(text).delete());
  let cst;
  const withCst = await time(async () => (cst = await parseFile(path, text)));
  if (cst.errors > 0) throw new Error(`the ${language} snippet has ${cst.errors} syntax errors`);
  return { language, lines: text.split('\n').length, kb: text.length / 1024, parseOnly, withCst, nodes: cst.nodes.length };
}

const row = (cells) => cells.map((cell, i) => String(cell).padStart(i === 0 ? 12 : 10)).join(' ');
console.log(`median of ${runs} runs after ${warmup} warm-up runs, wall-clock ms`);
console.log(row(['language', 'lines', 'KB', 'parse', 'parse+CST', 'CST nodes']));
for (const extension of Object.keys(snippets)) {
  if (wanted.length > 0 && !wanted.includes(languageOf(`bench/sample${extension}`))) continue;
  const result = await bench(extension);
  console.log(row([result.language, result.lines, result.kb.toFixed(0), result.parseOnly.toFixed(1), result.withCst.toFixed(1), result.nodes]));
}
