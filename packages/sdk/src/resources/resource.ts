import type { HttpClient } from '../core/http.js';

/** Base of every resource class: holds the shared http layer, nothing else. */
export abstract class Resource {
  protected readonly http: HttpClient;

  constructor(http: HttpClient) {
    this.http = http;
  }
}
