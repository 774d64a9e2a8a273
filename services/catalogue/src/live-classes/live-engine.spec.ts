import { chooseJanusNode, janusNodes, liveQueueName, LOCAL_NODE } from './live-engine.js';
import { LIVE_QUEUE } from './live-packager.js';
import { catalogueConfigShape } from '../catalogue-config.js';

describe('Janus nodes and placement', () => {
  it('one Janus (JANUS_URL) is the node `local`, whose packager takes the one live queue', () => {
    expect(janusNodes({ JANUS_URL: 'http://127.0.0.1:6396/janus/' })).toEqual([{ name: LOCAL_NODE, url: 'http://127.0.0.1:6396/janus' }]);
    expect(janusNodes({})).toEqual([]);
    expect(liveQueueName(LOCAL_NODE)).toBe(LIVE_QUEUE);
    expect(liveQueueName(undefined)).toBe(LIVE_QUEUE);
  });

  it('JANUS_NODES lists a cluster\'s nodes, each with a live queue of its own', () => {
    const nodes = janusNodes({ JANUS_NODES: 'janus-0=http://janus-0.janus:8088/janus,janus-1=http://janus-1.janus:8088/janus', JANUS_URL: 'http://ignored:1/janus' });
    expect(nodes).toEqual([
      { name: 'janus-0', url: 'http://janus-0.janus:8088/janus' },
      { name: 'janus-1', url: 'http://janus-1.janus:8088/janus' },
    ]);
    expect(liveQueueName('janus-1')).toBe(`${LIVE_QUEUE}.janus-1`);
  });

  it('the configuration refuses a JANUS_NODES that is not name=url pairs', () => {
    expect(catalogueConfigShape.JANUS_NODES.safeParse('janus-0=http://a:8088/janus,janus-1=http://b:8088/janus').success).toBe(true);
    expect(catalogueConfigShape.JANUS_NODES.safeParse('http://a:8088/janus').success).toBe(false);
    expect(catalogueConfigShape.JANUS_NODES.safeParse('Janus 0=http://a:8088/janus').success).toBe(false);
  });

  it('a class goes to the answering node with the fewest live classes, the first listed on a tie', () => {
    expect(chooseJanusNode(['janus-0', 'janus-1', 'janus-2'], new Map([['janus-0', 3], ['janus-1', 1], ['janus-2', 1]]))).toBe('janus-1');
    expect(chooseJanusNode(['janus-0', 'janus-2'], new Map([['janus-0', 3], ['janus-1', 0]]))).toBe('janus-2');
    expect(chooseJanusNode(['janus-0', 'janus-1'], new Map())).toBe('janus-0');
    expect(chooseJanusNode([], new Map([['janus-0', 0]]))).toBeNull();
  });
});
