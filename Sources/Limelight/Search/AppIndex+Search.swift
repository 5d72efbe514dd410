import Foundation
import LimelightCore
import LimelightQuery

extension AppIndex {
    /// Compiles a metadata query (and filter queries) to the engine query run on this app's items:
    /// only items (not app history), only unexpired ones, optionally only one named index. Compiled
    /// for a `snapshot`, `*` and `**` stand only for the attributes some item of it has.
    /// - Throws: ``CSSearchQueryError`` with code `invalidQuery`; the message gives the column of a
    ///   syntax error or the attribute whose value does not fit.
    public func compile(query: String, options: SearchOptions, snapshot: Snapshot? = nil) throws(CSSearchQueryError) -> EngineQuery {
        let schema = snapshot.map(CatalogueQuerySchema.init(snapshot:)) ?? CatalogueQuerySchema()
        let planner = QueryPlanner(
            schema: schema, now: options.now.timeIntervalSince1970, timeZoneOffset: options.timeZoneOffset)
        var clauses: [EngineQuery] = [try Self.plan(query, planner)]
        for filter in options.filterQueries where !filter.allSatisfy(\.isWhitespace) {
            clauses.append(try Self.plan(filter, planner))
        }
        clauses.append(.term(field: IndexFields.kind, term: RecordKind.item.rawValue))
        if let indexName = options.indexName { clauses.append(.term(field: IndexFields.indexName, term: indexName)) }
        clauses.append(Self.unexpired(at: options.now))
        return .and(clauses)
    }

    static func plan(_ text: String, _ planner: QueryPlanner) throws(CSSearchQueryError) -> EngineQuery {
        do {
            return try planner.plan(try QueryParser.parse(text))
        } catch let error as QuerySyntaxError {
            throw CSSearchQueryError(.invalidQuery, message: "invalid query at \(error.description)", underlyingError: error)
        } catch let error as QueryPlanError {
            throw CSSearchQueryError(.invalidQuery, message: "invalid query: \(error.description)", underlyingError: error)
        } catch {
            throw CSSearchQueryError(.unknown, message: "\(error)")
        }
    }

    /// Runs a metadata query (Spotlight query syntax) on the app's items.
    ///
    /// Hits come in index order (oldest segment first), each carrying only the fetched attributes.
    /// - Throws: ``CSSearchQueryError`` (`invalidQuery` with the column of a syntax error,
    ///   `indexUnreachable` when the index cannot be read).
    public func search(query: String, options: SearchOptions = SearchOptions()) throws(CSSearchQueryError) -> [SearchHit] {
        var hits: [SearchHit] = []
        _ = try searchBatches(query: query, options: options, batchSize: 256, isCancelled: { false }) { hits.append(contentsOf: $0) }
        return hits
    }

    /// Runs a metadata query (the form the command line and a daemon call).
    public func search(query: String, fetchAttributes: [String]?, limit: Int? = nil, now: Date = Date()) throws(CSSearchQueryError) -> [SearchHit] {
        try search(query: query, options: SearchOptions(fetchAttributes: fetchAttributes, limit: limit, now: now))
    }

    /// Runs a metadata query and hands the hits to `deliver` in batches of at most `batchSize`,
    /// checking `isCancelled` between batches.
    /// - Returns: the number of hits delivered.
    /// - Throws: ``CSSearchQueryError`` (`cancelled` when `isCancelled` turned true).
    public func searchBatches(
        query: String, options: SearchOptions, batchSize: Int, isCancelled: () -> Bool, _ deliver: ([SearchHit]) -> Void
    ) throws(CSSearchQueryError) -> Int {
        let snapshot = self.snapshot()
        let engineQuery = try compile(query: query, options: options, snapshot: snapshot)
        let limit = options.limit ?? Int.max
        var delivered = 0
        var batch: [SearchHit] = []
        do {
            for segment in snapshot.segments {
                if isCancelled() { throw CSSearchQueryError(.cancelled) }
                if delivered + batch.count >= limit { break }
                let wanted = limit - delivered - batch.count
                let evaluator = QueryEvaluator(segment: segment)
                let documents = wanted < Int.max / 2 ? try evaluator.firstDocuments(engineQuery, limit: wanted) : try evaluator.evaluate(engineQuery)
                for document in documents {
                    guard delivered + batch.count < limit else { break }
                    batch.append(try Self.hit(document, in: segment.reader, fetch: options.fetchAttributes))
                    if batch.count >= max(1, batchSize) {
                        if isCancelled() { throw CSSearchQueryError(.cancelled) }
                        deliver(batch)
                        delivered += batch.count
                        batch.removeAll(keepingCapacity: true)
                    }
                }
            }
        } catch let error as CSSearchQueryError {
            throw error
        } catch {
            throw CSSearchQueryError(.indexUnreachable, message: "the index could not be read: \(error)", underlyingError: error)
        }
        if isCancelled() { throw CSSearchQueryError(.cancelled) }
        if !batch.isEmpty {
            deliver(batch)
            delivered += batch.count
        }
        return delivered
    }

    /// The hit of a segment's document, reduced to the fetched attributes (none decoded when none
    /// are fetched).
    static func hit(_ document: UInt32, in reader: SegmentReader, fetch: [String]?) throws -> SearchHit {
        let fetchesNone = fetch?.isEmpty == true
        let record = try reader.record(document, attributes: !fetchesNone)
        let item = fetchesNone ? record.item : fetch.map { record.item.keepingOnly($0) } ?? record.item
        return SearchHit(uniqueIdentifier: record.item.uniqueIdentifier, indexName: record.indexName, item: item)
    }
}
