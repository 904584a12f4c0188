<?php

declare(strict_types=1);

namespace TYPO3\CMS\Extbase\Persistence;

/** Stand-in (tests only): LlmConfiguration's constructor creates empty ones. */
class ObjectStorage implements \Countable, \IteratorAggregate
{
    /** @var list<object> */
    private array $items = [];

    public function attach(object $item): void
    {
        $this->items[] = $item;
    }

    public function count(): int
    {
        return count($this->items);
    }

    public function getIterator(): \ArrayIterator
    {
        return new \ArrayIterator($this->items);
    }
}
