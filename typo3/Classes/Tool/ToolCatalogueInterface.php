<?php

declare(strict_types=1);

namespace AskAiDialog\AskAi\Tool;

/** The tools nr-llm knows, by name (nr-llm's registry, behind the extension's door to nr-llm). */
interface ToolCatalogueInterface
{
    /** Null for a name nothing is registered under (exact, case-sensitive). */
    public function describe(string $name): ?ToolDescription;
}
