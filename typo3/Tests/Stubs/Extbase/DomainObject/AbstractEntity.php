<?php

declare(strict_types=1);

namespace TYPO3\CMS\Extbase\DomainObject;

/** Stand-in (tests only): nr-llm's LlmConfiguration extends it; only the uid is read. */
abstract class AbstractEntity
{
    protected ?int $uid = null;

    public function getUid(): ?int
    {
        return $this->uid;
    }

    /** As TYPO3's AbstractDomainObject: how a repository (here a test) sets a persisted property. */
    public function _setProperty(string $propertyName, mixed $propertyValue): bool
    {
        $this->{$propertyName} = $propertyValue;

        return true;
    }
}
