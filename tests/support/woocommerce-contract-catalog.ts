// The contract server's memory: categories, products and media as WooCommerce keeps them, and the product JSON it
// answers. Validation follows WooCommerce's own (unique SKU including trashed products, regular_price a string,
// image ids that must exist), with its error codes and messages.

export interface WcErrorBody {
  readonly code: string;
  readonly message: string;
  readonly data: { readonly status: number };
}

/** Thrown by the catalogue; the server answers it as WordPress does, and a batch puts it beside the item. */
export class WcRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }

  body(): WcErrorBody {
    return { code: this.code, message: this.message, data: { status: this.status } };
  }
}

export interface CategoryRow {
  readonly id: number;
  /** HTML-escaped, as WordPress stores term names ('Home &amp; Kitchen'). */
  readonly name: string;
  readonly slug: string;
  readonly parent: number;
}

export interface MediaRow {
  readonly id: number;
  readonly fileName: string;
  readonly mimeType: string;
  readonly bytes: number;
  readonly url: string;
}

export interface ProductRow {
  readonly id: number;
  name: string;
  slug: string;
  status: string;
  sku: string;
  description: string;
  regularPrice: string;
  manageStock: boolean;
  stockQuantity: number | null;
  categories: number[];
  images: number[];
  type: string;
  /** WooCommerce's meta_data: an auction plugin keeps its start, end and starting price here. */
  metaData: { key: string; value: unknown }[];
}

type Json = Record<string, unknown>;

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const slugOf = (text: string): string => text.toLowerCase().replace(/&amp;|[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'product';
const invalidParam = (name: string): WcRefusal => new WcRefusal('rest_invalid_param', `Invalid parameter(s): ${name}`, 400);

export class ContractCatalog {
  readonly categories: CategoryRow[] = [];
  readonly products = new Map<number, ProductRow>();
  readonly media = new Map<number, MediaRow>();
  private nextId = 100;
  /** The product types the shop knows: WooCommerce's own, and 'auction' as an auction plugin adds it. */
  readonly productTypes = new Set(['simple', 'grouped', 'external', 'variable', 'auction']);

  constructor(private readonly origin: string) {}

  addCategory(name: string, parent = 0): CategoryRow {
    const row: CategoryRow = { id: this.takeId(), name: escapeHtml(name), slug: slugOf(name), parent };
    this.categories.push(row);
    return row;
  }

  addMedia(fileName: string, mimeType: string, bytes: number): MediaRow {
    const row: MediaRow = { id: this.takeId(), fileName, mimeType, bytes, url: `${this.origin}/wp-content/uploads/${encodeURIComponent(fileName)}` };
    this.media.set(row.id, row);
    return row;
  }

  bySku(sku: string): ProductRow | undefined {
    return [...this.products.values()].find((product) => product.sku !== '' && product.sku === sku);
  }

  product(id: unknown): ProductRow {
    const product = typeof id === 'number' ? this.products.get(id) : undefined;
    if (product === undefined) throw new WcRefusal('woocommerce_rest_product_invalid_id', 'Invalid ID.', 404);
    return product;
  }

  create(body: Json): ProductRow {
    const product: ProductRow = {
      id: this.takeId(), name: '', slug: '', status: 'publish', sku: '', description: '', regularPrice: '',
      manageStock: false, stockQuantity: null, categories: [], images: [], type: 'simple', metaData: [],
    };
    this.apply(product, body); // throws before the product is kept
    this.products.set(product.id, product);
    return product;
  }

  update(id: unknown, body: Json): ProductRow {
    const product = this.product(id);
    this.apply(product, body);
    return product;
  }

  delete(id: unknown, force: boolean): ProductRow {
    const product = this.product(id);
    if (force) this.products.delete(product.id);
    else product.status = 'trash';
    return product;
  }

  json(product: ProductRow): Json {
    const inStock = !product.manageStock || (product.stockQuantity ?? 0) > 0;
    return {
      id: product.id, name: product.name, slug: product.slug, permalink: `${this.origin}/product/${product.slug}/`,
      type: product.type, meta_data: product.metaData.map((meta, index) => ({ id: index + 1, ...meta })), status: product.status, description: product.description, sku: product.sku,
      price: product.regularPrice, regular_price: product.regularPrice, manage_stock: product.manageStock,
      stock_quantity: product.manageStock ? product.stockQuantity : null, stock_status: inStock ? 'instock' : 'outofstock',
      categories: product.categories.map((id) => {
        const category = this.categories.find((row) => row.id === id);
        return { id, name: category?.name ?? '', slug: category?.slug ?? '' };
      }),
      images: product.images.map((id) => ({ id, src: this.media.get(id)?.url ?? '', name: this.media.get(id)?.fileName ?? '', alt: '' })),
    };
  }

  /** Validates every field first, then writes: a refused request changes nothing. */
  private apply(product: ProductRow, body: Json): void {
    const { name, sku, description, regular_price: price, manage_stock: manage, stock_quantity: quantity, status } = body;
    if (name !== undefined && typeof name !== 'string') throw invalidParam('name');
    if (description !== undefined && typeof description !== 'string') throw invalidParam('description');
    if (price !== undefined && typeof price !== 'string') throw invalidParam('regular_price');
    if (manage !== undefined && typeof manage !== 'boolean') throw invalidParam('manage_stock');
    if (quantity !== undefined && !Number.isInteger(quantity)) throw invalidParam('stock_quantity');
    if (status !== undefined && typeof status !== 'string') throw invalidParam('status');
    if (sku !== undefined) this.checkSku(product, sku);
    const { type, meta_data: metaData } = body;
    if (type !== undefined && (typeof type !== 'string' || !this.productTypes.has(type))) throw invalidParam('type');
    const meta = this.metaOf(metaData);
    const categories = this.categoryIds(body.categories);
    const images = this.imageIds(body.images);
    if (typeof name === 'string') product.name = name;
    if (product.slug === '') product.slug = this.uniqueSlug(slugOf(product.name)); // WordPress keeps a slug once given
    if (typeof sku === 'string') product.sku = sku;
    if (typeof description === 'string') product.description = description;
    if (typeof price === 'string') product.regularPrice = price;
    if (typeof manage === 'boolean') product.manageStock = manage;
    if (typeof quantity === 'number') product.stockQuantity = quantity;
    if (typeof status === 'string') product.status = status;
    if (categories !== undefined) product.categories = categories;
    if (images !== undefined) product.images = images;
    if (typeof type === 'string') product.type = type;
    // WooCommerce updates the keys it is sent and keeps the others.
    for (const entry of meta ?? []) product.metaData = [...product.metaData.filter((kept) => kept.key !== entry.key), entry];
  }

  private metaOf(value: unknown): { key: string; value: unknown }[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw invalidParam('meta_data');
    return value.map((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null || !('key' in entry) || typeof entry.key !== 'string') throw invalidParam('meta_data');
      return { key: entry.key, value: 'value' in entry ? entry.value : '' };
    });
  }

  private checkSku(product: ProductRow, sku: unknown): void {
    if (typeof sku !== 'string') throw invalidParam('sku');
    const holder = this.bySku(sku);
    if (holder !== undefined && holder.id !== product.id) throw new WcRefusal('product_invalid_sku', 'Invalid or duplicated SKU.', 400);
  }

  private categoryIds(value: unknown): number[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw invalidParam('categories');
    // WooCommerce keeps the ids it is given; unknown ones simply show no category.
    return value.map((entry: unknown) => (typeof entry === 'object' && entry !== null && 'id' in entry && typeof entry.id === 'number' ? entry.id : 0));
  }

  /** {id} must be media the store has; {src} is "sideloaded": kept as a new media item, as WooCommerce does. */
  private imageIds(value: unknown): number[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw invalidParam('images');
    const ids = value.map((entry: unknown): { id: number } | { src: string } => {
      if (typeof entry === 'object' && entry !== null && 'id' in entry && typeof entry.id === 'number') {
        if (!this.media.has(entry.id)) throw new WcRefusal('woocommerce_product_invalid_image_id', `#${entry.id} is an invalid image ID.`, 400);
        return { id: entry.id };
      }
      if (typeof entry === 'object' && entry !== null && 'src' in entry && typeof entry.src === 'string' && /^https?:\/\//.test(entry.src)) return { src: entry.src };
      throw new WcRefusal('woocommerce_product_image_upload_error', 'Error getting remote image.', 400);
    });
    return ids.map((entry) => ('src' in entry ? this.addMedia(entry.src.split('/').pop() ?? 'image', 'image/jpeg', 0).id : entry.id));
  }

  /** 'pallet', then 'pallet-2', 'pallet-3': WordPress's way of keeping permalinks apart. */
  private uniqueSlug(base: string): string {
    const taken = new Set([...this.products.values()].map((product) => product.slug));
    let slug = base;
    for (let suffix = 2; taken.has(slug); suffix += 1) slug = `${base}-${suffix}`;
    return slug;
  }

  private takeId(): number {
    this.nextId += 1;
    return this.nextId;
  }
}
