<?php

declare(strict_types=1);

/*
 * Autoloading for the extension's PHP tests and its test server: TYPO3's and nr-llm's own classes.
 * After `composer install` in typo3/, Composer's autoloader brings them; otherwise they come from the
 * real TYPO3 13.4 site the tests install (`npx tsx scripts/typo3-site.ts`: the fixture's install.sh into
 * .cache/typo3-13.4/site, or ASK_AI_TYPO3_SITE). NRLLM_PATH points nr-llm at another checkout.
 * Stand-ins (Tests/Stubs) only for classes TYPO3 13.4 does not have (14.3's), and only where no real
 * class is loaded.
 */

$extension = dirname(__DIR__);
$repository = dirname($extension);
$autoloaders = [
    $extension . '/vendor/autoload.php',
    (getenv('ASK_AI_TYPO3_SITE') ?: $repository . '/.cache/typo3-13.4/site') . '/vendor/autoload.php',
];
$loaded = null;
foreach ($autoloaders as $autoloader) {
    if (is_file($autoloader)) {
        $loaded = require $autoloader;
        break;
    }
}
if ($loaded === null) {
    fwrite(STDERR, "TYPO3 13.4 and nr-llm are not installed for the tests: run `npx tsx scripts/typo3-site.ts` (it installs them from ../shared/typo3-13.4), set ASK_AI_TYPO3_SITE to a composer-installed TYPO3 13.4 site with nr-llm, or run `composer install` in typo3/.\n");
    exit(1);
}

$prefixes = [
    'AskAiDialog\\AskAi\\Tests\\' => __DIR__ . '/',
    'AskAiDialog\\AskAi\\' => $extension . '/Classes/',
];
$nrLlm = getenv('NRLLM_PATH');
if (is_string($nrLlm) && $nrLlm !== '') {
    if (!is_file($nrLlm . '/Classes/Service/Tool/ToolApprovalRule.php')) {
        fwrite(STDERR, "NRLLM_PATH={$nrLlm} is not a checkout of nr-llm (no Classes/Service/Tool/ToolApprovalRule.php).\n");
        exit(1);
    }
    $prefixes = ['Netresearch\\NrLlm\\' => $nrLlm . '/Classes/'] + $prefixes;
}
$stubs = [
    // TYPO3 14.3 only: the save-processing event the extension listens to there.
    'TYPO3\\CMS\\Core\\Configuration\\Event\\AfterRichtextConfigurationPreparedEvent' => __DIR__ . '/Stubs/AfterRichtextConfigurationPreparedEvent.php',
];
spl_autoload_register(static function (string $class) use ($prefixes, $stubs): void {
    foreach ($prefixes as $prefix => $folder) {
        if (str_starts_with($class, $prefix)) {
            $file = $folder . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
                return;
            }
        }
    }
    if (isset($stubs[$class])) {
        require $stubs[$class];
    }
}, true, $nrLlm !== false && $nrLlm !== '');

// The environment TYPO3's classes read (paths, context), as a CLI request of the installed site.
if (!defined('TYPO3')) {
    define('TYPO3', true);
}
