<?php

declare(strict_types=1);

/*
 * Autoloading for the extension's tests and its test server. After `composer install` in typo3/,
 * Composer's autoloader brings TYPO3, nr-llm and the PSR packages; without it (this repository's CI),
 * nr-llm comes from askAiLocateNrLlm(), the PSR-7/17 classes from Debian's php-guzzlehttp-psr7, and
 * the few TYPO3 classes the code touches from Tests/Stubs (only where the real class is not loaded).
 */

require_once __DIR__ . '/locate-nr-llm.php';

$extension = dirname(__DIR__);
if (is_file($extension . '/vendor/autoload.php')) {
    require_once $extension . '/vendor/autoload.php';
}

if (!interface_exists(Psr\Http\Message\ResponseInterface::class)) {
    if (stream_resolve_include_path('GuzzleHttp/Psr7/autoload.php') === false) {
        fwrite(STDERR, "The PSR-7 classes are missing: install Debian's php-guzzlehttp-psr7 (or run `composer install` in typo3/).\n");
        exit(1);
    }
    require_once 'GuzzleHttp/Psr7/autoload.php';
}
if (!interface_exists(Psr\Log\LoggerInterface::class) && stream_resolve_include_path('Psr/Log/autoload.php') !== false) {
    require_once 'Psr/Log/autoload.php';
}

$nrLlm = askAiLocateNrLlm();
if ($nrLlm === null) {
    fwrite(STDERR, "nr-llm's source is missing: set NRLLM_PATH, run `composer install` in typo3/, or put it at ../shared/vendor/nr-llm.\n");
    exit(1);
}

$prefixes = [
    'AskAiDialog\\AskAi\\Tests\\' => __DIR__ . '/',
    'AskAiDialog\\AskAi\\' => $extension . '/Classes/',
    'Netresearch\\NrLlm\\' => $nrLlm . '/Classes/',
    // Stand-ins, last: a real TYPO3 class found by an earlier loader always wins.
    'TYPO3\\CMS\\Core\\' => __DIR__ . '/Stubs/Core/',
    'TYPO3\\CMS\\Extbase\\' => __DIR__ . '/Stubs/Extbase/',
    'TYPO3\\CMS\\RteCKEditor\\' => __DIR__ . '/Stubs/RteCKEditor/',
];
spl_autoload_register(static function (string $class) use ($prefixes): void {
    foreach ($prefixes as $prefix => $folder) {
        if (str_starts_with($class, $prefix)) {
            $file = $folder . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
                return;
            }
        }
    }
});
