import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CONFIG, type Config, NotFound } from '@vetted/kernel';
import type { OperationDocument, ShapeAResource, ShapeBResource } from '@vetted/operations';
import { OperationQuery, renderShapeA, renderShapeB } from '@vetted/operations';
import { explorerTxUrl } from '@vetted/platform';

export type OperationResource = ShapeAResource | ShapeBResource;

/** Continuations nest; a chain longer than this is a bug, not a request to follow. */
const MAX_CONTINUATION_DEPTH = 8;

/**
 * Renders an operation in the shape it was created in (api-decisions §4), wherever it appears: a
 * Shape B continuation carries its successor's resource, read and rendered the same way.
 */
@Injectable()
export class OperationRenderer {
  private readonly explorerUrl: (hash: string) => string;

  constructor(
    private readonly queries: QueryBus,
    @Inject(CONFIG) config: Config,
  ) {
    this.explorerUrl = (hash) => explorerTxUrl(config, hash);
  }

  async renderOwn(userId: string, operationId: string): Promise<OperationResource> {
    const doc: OperationDocument | null = await this.queries.execute(new OperationQuery(userId, operationId));
    if (!doc) throw new NotFound(`operation ${operationId}`);
    return this.render(doc);
  }

  renderAll(docs: readonly OperationDocument[]): Promise<OperationResource[]> {
    return Promise.all(docs.map((doc) => this.render(doc)));
  }

  render(doc: OperationDocument): Promise<OperationResource> {
    return doc.shape === 'A' ? Promise.resolve(renderShapeA(doc, this.explorerUrl)) : this.renderB(doc, 0);
  }

  private async renderB(doc: OperationDocument, depth: number): Promise<ShapeBResource> {
    const successorId = doc.continuation ? doc.successors.next : undefined;
    let successor: ShapeBResource | null = null;
    if (successorId !== undefined && depth < MAX_CONTINUATION_DEPTH) {
      const next: OperationDocument | null = await this.queries.execute(
        new OperationQuery(doc.userId, successorId),
      );
      if (next) successor = await this.renderB(next, depth + 1);
    }
    return renderShapeB(doc, this.explorerUrl, successor);
  }
}
