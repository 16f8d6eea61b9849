/** One small source per supported language for the fuzzer to mutate: a type, a method, a function, calls. */
export const SEEDS: Record<string, { file: string; source: string }> = {
  java: {
    file: 'src/a/Shop.java',
    source: `package a;

import java.util.List;

public class Shop extends Base implements Priced {
  private final List<Item> items;

  public Shop(List<Item> items) { this.items = items; }

  public int total(int discount) {
    int sum = 0;
    for (Item item : items) { sum += item.price() * (100 - discount) / 100; }
    return round(sum);
  }

  private static int round(int value) { return (value + 5) / 10 * 10; }
}
`,
  },
  javascript: {
    file: 'web/shop.js',
    source: `import { round } from './math.js';

export class Shop {
  constructor(items) { this.items = items; }
  total(discount) {
    let sum = 0;
    for (const item of this.items) sum += item.price * (100 - discount) / 100;
    return round(sum);
  }
}

export const label = (shop) => \`\${shop.items.length} items: \${shop.total(0)}\`;
function helper(a, b) { return a?.[b] ?? [a, b].map((x) => x * 2); }
`,
  },
  typescript: {
    file: 'web/shop.ts',
    source: `import { round } from './math';

export interface Item { price: number; name?: string }

export class Shop<T extends Item> {
  constructor(private readonly items: T[]) {}
  total(discount: number): number {
    let sum = 0;
    for (const item of this.items) sum += (item.price * (100 - discount)) / 100;
    return round(sum);
  }
}

export function label<T extends Item>(shop: Shop<T>): string { return \`\${shop.total(0)}\`; }
`,
  },
  tsx: {
    file: 'web/Cart.tsx',
    source: `import React from 'react';

export function Cart({ items }: { items: string[] }) {
  const count = items.length;
  return <ul className="cart">{items.map((item) => <li key={item}>{item}</li>)}<b>{count}</b></ul>;
}

export const Empty = () => <p>empty</p>;
`,
  },
  python: {
    file: 'shop/cart.py',
    source: `from .math import round_to


class Shop(Base):
    def __init__(self, items):
        self.items = items

    def total(self, discount=0):
        total = sum(item.price * (100 - discount) / 100 for item in self.items)
        return round_to(total, 10)

    @property
    def label(self):
        return f"{len(self.items)} items: {self.total()}"


def helper(a, *args, **kwargs):
    return [x * 2 for x in args if x] or {"a": a}
`,
  },
  c: {
    file: 'src/shop.c',
    source: `#include <stdio.h>
#define ROUND(x) (((x) + 5) / 10 * 10)

struct item { int price; const char *name; };

static int round_to(int value) { return ROUND(value); }

int total(const struct item *items, int count, int discount) {
  int sum = 0;
  for (int i = 0; i < count; i++) { sum += items[i].price * (100 - discount) / 100; }
  return round_to(sum);
}
`,
  },
  cpp: {
    file: 'src/shop.cpp',
    source: `#include <vector>

namespace shop {
template <typename T>
class Shop : public Base {
 public:
  explicit Shop(std::vector<T> items) : items_(std::move(items)) {}
  int total(int discount) const {
    int sum = 0;
    for (const auto& item : items_) { sum += item.price() * (100 - discount) / 100; }
    return round(sum);
  }
 private:
  std::vector<T> items_;
};
int round(int value) { return (value + 5) / 10 * 10; }
}  // namespace shop
`,
  },
  go: {
    file: 'shop/shop.go',
    source: `package shop

type Shop struct {
	items []Item
}

func NewShop(items []Item) *Shop { return &Shop{items: items} }

func (s *Shop) Total(discount int) int {
	sum := 0
	for _, item := range s.items {
		sum += item.Price() * (100 - discount) / 100
	}
	return round(sum)
}

func round(value int) int { return (value + 5) / 10 * 10 }
`,
  },
  csharp: {
    file: 'Shop/Shop.cs',
    source: `using System.Collections.Generic;

namespace Shop
{
    public class Shop : Base, IPriced
    {
        private readonly List<Item> items;
        public Shop(List<Item> items) { this.items = items; }
        public int Total(int discount)
        {
            var sum = 0;
            foreach (var item in items) { sum += item.Price * (100 - discount) / 100; }
            return Round(sum);
        }
        private static int Round(int value) => (value + 5) / 10 * 10;
    }
}
`,
  },
  kotlin: {
    file: 'shop/Shop.kt',
    source: `package shop

class Shop(private val items: List<Item>) : Base(), Priced {
    fun total(discount: Int): Int {
        var sum = 0
        for (item in items) { sum += item.price * (100 - discount) / 100 }
        return round(sum)
    }

    companion object { fun empty() = Shop(emptyList()) }
}

fun round(value: Int): Int = (value + 5) / 10 * 10
`,
  },
  rust: {
    file: 'src/shop.rs',
    source: `use crate::item::Item;

pub struct Shop {
    items: Vec<Item>,
}

impl Shop {
    pub fn new(items: Vec<Item>) -> Self { Shop { items } }
    pub fn total(&self, discount: i32) -> i32 {
        let sum: i32 = self.items.iter().map(|item| item.price() * (100 - discount) / 100).sum();
        round(sum)
    }
}

fn round(value: i32) -> i32 { (value + 5) / 10 * 10 }
`,
  },
  php: {
    file: 'src/Shop.php',
    source: `<?php
namespace App;

class Shop extends Base implements Priced
{
    private array $items;
    public function __construct(array $items) { $this->items = $items; }
    public function total(int $discount): int
    {
        $sum = 0;
        foreach ($this->items as $item) { $sum += $item->price() * (100 - $discount) / 100; }
        return round_to($sum);
    }
}

function round_to(int $value): int { return intdiv($value + 5, 10) * 10; }
`,
  },
  ruby: {
    file: 'lib/shop.rb',
    source: `module Store
  class Shop < Base
    def initialize(items)
      @items = items
    end

    def total(discount = 0)
      sum = @items.sum { |item| item.price * (100 - discount) / 100 }
      round_to(sum)
    end

    def self.empty = new([])
  end

  def round_to(value) = (value + 5) / 10 * 10
end
`,
  },
  scala: {
    file: 'src/main/scala/store/Shop.scala',
    source: `package store

import store.item.Item

class Shop(items: List[Item]) extends Base with Priced {
  def this() = this(Nil)

  def total(discount: Int): Int = {
    val sum = items.map(item => item.price * (100 - discount) / 100).sum
    Shop.round(sum)
  }
}

object Shop {
  def round(value: Int): Int = (value + 5) / 10 * 10
}
`,
  },
  lua: {
    file: 'lua/store/shop.lua',
    source: `local Base = require("store.base")
local util = require("store.util")

local Shop = setmetatable({}, { __index = Base })
Shop.__index = Shop

local function round(value, ...)
  return math.floor((value + 5) / 10) * 10
end

function Shop.new(items)
  return setmetatable({ items = items }, Shop)
end

function Shop:total(discount)
  local sum = 0
  for _, item in ipairs(self.items) do
    sum = sum + item:price() * (100 - discount) / 100
  end
  return round(util.clamp(sum, 0))
end

return Shop
`,
  },
};
