<?php

declare(strict_types=1);

/**
 * Where nr-llm's source is, for the tests and the test server: `NRLLM_PATH`, else `typo3/vendor` after
 * `composer install`, else `../shared/vendor/nr-llm` beside the repository (nr-llm pinned at the commit
 * its README there names). Run directly, it prints the folder, or one sentence saying what is missing
 * and exits 1.
 */
function askAiLocateNrLlm(): ?string
{
    $extension = dirname(__DIR__);
    $candidates = [
        getenv('NRLLM_PATH') ?: null,
        $extension . '/vendor/netresearch/nr-llm',
        dirname($extension, 2) . '/shared/vendor/nr-llm',
    ];
    foreach ($candidates as $candidate) {
        if ($candidate !== null && is_file($candidate . '/Classes/Service/Tool/ToolApprovalRule.php')) {
            return realpath($candidate) ?: $candidate;
        }
    }

    return null;
}

if (PHP_SAPI === 'cli' && realpath($_SERVER['SCRIPT_FILENAME'] ?? '') === __FILE__) {
    $found = askAiLocateNrLlm();
    if ($found === null) {
        fwrite(STDERR, "nr-llm's source is missing: set NRLLM_PATH to a checkout of netresearch/nr-llm, run `composer install` in typo3/, or put it at ../shared/vendor/nr-llm.\n");
        exit(1);
    }
    echo $found, "\n";
}
