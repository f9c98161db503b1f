// swift-tools-version: 6.2
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "BoxOffice",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "KOBIS", targets: ["KOBIS"]),
        .library(name: "BoxOfficeCore", targets: ["BoxOfficeCore"]),
        .library(name: "BoxOfficeCodecs", targets: ["BoxOfficeCodecs"]),
        .library(name: "BoxOfficeAPIClient", targets: ["BoxOfficeAPIClient"]),
        .executable(name: "boxoffice", targets: ["boxoffice"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/vapor/fluent-kit", from: "1.57.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver", from: "2.14.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
    ],
    targets: [
        // Wire client for the KOBIS Open API. Foundation only, so it also builds for iOS.
        .target(name: "KOBIS", swiftSettings: swiftSettings),
        // The domain: charts, movies, dates, formatting, services. Foundation only.
        .target(name: "BoxOfficeCore", dependencies: ["KOBIS"], swiftSettings: swiftSettings),
        // The files the domain reads and writes (CSV, the diary's JSON, Letterboxd, iCalendar), byte for byte.
        // Foundation only, so it also builds for iOS; what stores or fetches around them is in BoxOfficeApp.
        .target(name: "BoxOfficeCodecs", dependencies: ["BoxOfficeCore", "KOBIS"], swiftSettings: swiftSettings),
        // The words for the domain's typed reasons (errors), shared by the web app and the CLI.
        .target(name: "BoxOfficeText", dependencies: ["BoxOfficeCore", "KOBIS"], swiftSettings: swiftSettings),
        .target(
            name: "BoxOfficeStore",
            dependencies: [
                "BoxOfficeCore",
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "KOBISSimulator",
            dependencies: [
                "KOBIS",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // One instance's services built from its configuration (the database, KOBIS or the simulator, the poster
        // services, the domain services): what the web app and the command line both start from.
        .target(
            name: "BoxOfficeApp",
            dependencies: [
                "BoxOfficeCodecs",
                "BoxOfficeCore",
                "BoxOfficeStore",
                "BoxOfficeText",
                "KOBIS",
                "KOBISSimulator",
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "BoxOfficeWeb",
            dependencies: [
                "BoxOfficeApp",
                "BoxOfficeCodecs",
                "BoxOfficeCore",
                "BoxOfficeText",
                "KOBIS",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings,
            // Routes and request/response types of /api/v1 from Resources/openapi.json (internal, server side).
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // A client of a BoxOffice server's /api/v1 for iOS and macOS apps: Foundation, OpenAPIRuntime, HTTPTypes and
        // the URLSession transport only. Types are generated per target (public here, internal in the web app) from
        // the one document (a symlink), so the client stays one module and the server's types stay its own.
        .target(
            name: "BoxOfficeAPIClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: swiftSettings,
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // Every command of `boxoffice`; `serve` gets the web app from the executable, so none imports the web target.
        .target(
            name: "BoxOfficeCLI",
            dependencies: [
                "BoxOfficeApp",
                "BoxOfficeCodecs",
                "BoxOfficeCore",
                "BoxOfficeStore",
                "BoxOfficeText",
                "KOBIS",
                "KOBISSimulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The executable is thin: `main` and the web app for `serve`, the one command that needs BoxOfficeWeb.
        .executableTarget(
            name: "boxoffice",
            dependencies: [
                "BoxOfficeCLI",
                "BoxOfficeApp",
                "BoxOfficeWeb",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // What several test targets share: throwaway PostgreSQL databases, waiting with a deadline, bare loopback
        // connections, log observers, a seeded random generator, KOBIS's wide areas.
        .target(
            name: "BoxOfficeTestSupport",
            dependencies: [
                "BoxOfficeStore", "BoxOfficeCore", "KOBIS", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/BoxOfficeTestSupport", swiftSettings: swiftSettings),
        .testTarget(name: "KOBISTests", dependencies: ["KOBIS", "KOBISSimulator"], swiftSettings: swiftSettings),
        .testTarget(
            name: "BoxOfficeCoreTests",
            dependencies: [
                "BoxOfficeCore", "BoxOfficeCodecs", "BoxOfficeApp", "BoxOfficeText", "KOBIS", "BoxOfficeTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "BoxOfficeTextTests", dependencies: ["BoxOfficeText", "BoxOfficeCore", "BoxOfficeTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "BoxOfficeStoreTests",
            dependencies: ["BoxOfficeStore", "BoxOfficeCore", "BoxOfficeApp", "BoxOfficeText", "BoxOfficeTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "KOBISSimulatorTests", dependencies: ["KOBISSimulator", "KOBIS", "BoxOfficeTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "BoxOfficeAppTests",
            dependencies: [
                "BoxOfficeApp", "BoxOfficeCore", "KOBIS", "KOBISSimulator", "BoxOfficeTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "BoxOfficeWebTests",
            dependencies: [
                "BoxOfficeWeb", "BoxOfficeApp", "BoxOfficeCodecs", "BoxOfficeCore", "BoxOfficeStore", "BoxOfficeText",
                "KOBISSimulator", "BoxOfficeTestSupport",
                "BoxOfficeAPIClient",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BoxOfficeCLITests",
            dependencies: ["KOBISSimulator", "KOBIS", "BoxOfficeStore", "BoxOfficeCodecs", "BoxOfficeTestSupport"],
            swiftSettings: swiftSettings),
    ]
)
